// The survey texts' catalog origins: each text points at the YAML lines it is written on, and the
// catalogs keep those lines (and only those) in a stable order.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CatalogType } from '@lingui/conf';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CompiledBundle } from '../../../src/model';
import { orderCatalog } from '../../../scripts/i18n/catalog-order';
import { catalogOrigins } from '../../../scripts/i18n/po-origins';
import { surveyMessages } from '../../../scripts/i18n/survey-extractor';
import { compileSurveyProject } from '../../../scripts/survey';

const ROOT = process.cwd();
let bundle: CompiledBundle;

beforeAll(async () => {
  bundle = await compileSurveyProject(ROOT);
});

/** The 1-based lines of `file` on which `key: text` is written. */
function linesOf(file: string, key: string, text: string): number[] {
  return readFileSync(join(ROOT, file), 'utf8')
    .split('\n')
    .flatMap((line, index) => (line.trim() === `${key}: ${text}` || line.trim() === `- ${key}: ${text}` ? [index + 1] : []));
}

/** The origins the extractor gives a text, as `file:line` relative to the root. */
async function originsOf(text: string): Promise<string[]> {
  const messages = (await surveyMessages(bundle, ROOT)).filter((message) => message.id === text);
  return messages.map((message) => `${(message.origin?.[0] ?? '').slice(ROOT.length + 1)}:${message.origin?.[1]}`);
}

describe('surveyMessages', () => {
  it('gives a text the YAML line it is written on', async () => {
    const [line] = linesOf('survey/cancellation.yaml', 'question', 'Why don’t you use it right now?');
    expect(line).toBeGreaterThan(1);
    expect(await originsOf('Why don’t you use it right now?')).toEqual([`survey/cancellation.yaml:${line}`]);
    const [toolkit] = linesOf('survey/toolkits.yaml', 'name', 'SEO Toolkit');
    expect(await originsOf('SEO Toolkit')).toEqual([`survey/toolkits.yaml:${toolkit}`]);
  });

  it('gives a text written in several places every place, with the comment once', async () => {
    const lines = linesOf('survey/cancellation.yaml', 'label', 'Please tell us more');
    expect(lines.length).toBeGreaterThan(1);
    expect(await originsOf('Please tell us more')).toEqual(lines.map((line) => `survey/cancellation.yaml:${line}`));
    const messages = (await surveyMessages(bundle, ROOT)).filter((message) => message.id === 'Please tell us more');
    expect(messages.filter((message) => message.comment !== undefined)).toHaveLength(1);
  });

  it('gives a text the compiler adds its survey file without a line', async () => {
    expect(await originsOf('Other')).toEqual(['survey/cancellation.yaml:0']);
  });
});

describe('catalogOrigins', () => {
  it('keeps YAML lines, drops code lines, and sorts and dedupes the origins', () => {
    const catalog: CatalogType = {
      a: { translation: '', origin: [['survey/cancellation.yaml', 134], ['src/app/Page.tsx', 12], ['survey/cancellation.yaml', 86], ['src/app/Page.tsx', 40]] },
      b: { translation: '', origin: [['survey/cancellation.yaml', 0]] },
      c: { translation: '' },
    };
    expect(catalogOrigins(catalog)).toEqual({
      a: { translation: '', origin: [['src/app/Page.tsx'], ['survey/cancellation.yaml', 86], ['survey/cancellation.yaml', 134]] },
      b: { translation: '', origin: [['survey/cancellation.yaml']] },
      c: { translation: '' },
    });
  });
});

describe('orderCatalog', () => {
  it('sorts by English text, an entry whose id is its English text by its id', () => {
    // As the extractor hands them over: the id-only entries (the server's i18n._('…')) first.
    const catalog: CatalogType = {
      'Questions? Contact {email} or visit {url}.': { translation: '' },
      'Hello {name},': { translation: '' },
      x1Y2z3: { translation: '', message: 'Continue' },
      'Accept offer': { translation: '', message: 'Accept offer' },
      a9B8c7: { translation: '', message: 'Hello', context: 'greeting' },
    };
    expect(Object.keys(orderCatalog(catalog))).toEqual(['Accept offer', 'x1Y2z3', 'a9B8c7', 'Hello {name},', 'Questions? Contact {email} or visit {url}.']);
  });
});

describe('the committed catalogs', () => {
  it('say where each survey text comes from, with its YAML line, and the code’s files without lines', () => {
    const catalog = readFileSync(join(ROOT, 'locales/de/messages.po'), 'utf8');
    // Any line: an edit above the question moves it, and the catalogs follow at the next extraction.
    expect(catalog).toMatch(/\n#: survey\/cancellation\.yaml:\d+\nmsgid "Why don’t you use it right now\?"/);
    const references = catalog.split('\n').filter((row) => row.startsWith('#: '));
    expect(references.filter((row) => /\.tsx?:\d/.test(row))).toEqual([]);
    expect(references.filter((row) => /\.yaml$/.test(row))).toEqual(['#: survey/cancellation.yaml']);
  });
});

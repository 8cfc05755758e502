// What the app build leaves out of the browser for its first screen to fit its budget: the kinds of
// step no survey asks (scripts/build/unused-kinds-plugin.mjs), the bundle's cancellation policies and
// experiments (scripts/build/app-bundle-plugin.mjs), and the emails' texts and the survey texts that read
// as their English in the catalogs (scripts/i18n/app-catalogs.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { describe, expect, it } from 'vitest';
import { appBundlePlugin, SERVER_ONLY_KEYS, SERVER_RECORD_KEYS } from '../../../scripts/build/app-bundle-plugin.mjs';
import { keepKinds, unusedKindsPlugin, usedStepTypes } from '../../../scripts/build/unused-kinds-plugin.mjs';
import { catalogParts, isServerOnly, isSurveyText } from '../../../scripts/i18n/app-catalogs';
import { readPo } from '../../../scripts/i18n/po-file';
import type { CompiledBundle } from '../../../src/model';

const ROOT = process.cwd();
const bundle = JSON.parse(readFileSync(join(ROOT, 'src/generated/survey.json'), 'utf8')) as CompiledBundle;

/** Bundles one module of the project with the plugins (nothing written), and returns the code and its inputs. */
async function build(entry: string, plugins: esbuild.Plugin[]): Promise<{ code: string; inputs: string[] }> {
  const result = await esbuild.build({ entryPoints: [join(ROOT, entry)], bundle: true, write: false, format: 'esm', platform: 'neutral', metafile: true, logLevel: 'silent', plugins, external: ['@lingui/*', '@rjsf/*', 'react', 'react/*', 'react-dom', 'ajv*'] });
  return { code: result.outputFiles[0]?.text ?? '', inputs: Object.keys(result.metafile.inputs) };
}

describe('the kinds of step no survey asks', () => {
  it('are the shipped survey’s rating and multi: its surveys ask the other four', () => {
    expect([...usedStepTypes(bundle)].sort()).toEqual(['choice', 'form', 'offer', 'text']);
  });

  it('leave the tables with their imports and rows, and nothing else changes', () => {
    const table = [
      "import type { StepType } from '../../model';",
      "import { choiceKind } from './choice';",
      "import { ratingKind } from './rating';",
      'export const ENGINE_KINDS = {',
      '  choice: choiceKind,',
      '  rating: ratingKind,',
      '} satisfies { [T in StepType]: EngineKind<T> };',
    ].join('\n');
    expect(keepKinds(table, new Set(['choice']))).toBe(
      ["import type { StepType } from '../../model';", "import { choiceKind } from './choice';", 'export const ENGINE_KINDS = {', '  choice: choiceKind,', '} satisfies { [T in StepType]: EngineKind<T> };'].join('\n'),
    );
    expect(keepKinds(table, new Set(['choice', 'rating']))).toBe(table);
  });

  it('are not in the engine the app bundles, which still has every kind the survey asks', async () => {
    const { inputs } = await build('src/engine/kinds/index.ts', [unusedKindsPlugin()]);
    expect(inputs.filter((input) => /src\/engine\/kinds\/(rating|multi)\.ts$/.test(input))).toEqual([]);
    expect(inputs).toEqual(expect.arrayContaining(['src/engine/kinds/choice.ts', 'src/engine/kinds/text.ts', 'src/engine/kinds/form.ts', 'src/engine/kinds/offer.ts']));
    const without = await build('src/engine/kinds/index.ts', []);
    expect(without.inputs).toEqual(expect.arrayContaining(['src/engine/kinds/rating.ts', 'src/engine/kinds/multi.ts']));
  });
});

describe('the app’s copy of the compiled bundle', () => {
  it('has no cancellation policies (the page gets its customer’s with the user context) nor experiments, and everything else', async () => {
    expect(SERVER_ONLY_KEYS).toEqual(['policies']);
    expect(SERVER_RECORD_KEYS).toEqual(['experiments', 'commit']);
    const { code } = await build('src/app/bundle.ts', [appBundlePlugin()]);
    expect(code).not.toContain('de-312k');
    expect(code).not.toContain('Jetzt');
    expect(bundle.experiments.length).toBeGreaterThan(0);
    for (const experiment of bundle.experiments) expect(code).not.toContain(experiment.id);
    expect(code).toContain(bundle.provider.supportEmail);
    expect(code).toContain('What could we have done better?');
  });
});

describe('the app’s catalogs', () => {
  it('leave out exactly the messages only the server writes: the emails', () => {
    const entries = readPo(readFileSync(join(ROOT, 'locales/en/messages.po'), 'utf8'));
    const serverOnly = entries.filter(isServerOnly).map((entry) => entry.msgid);
    expect(serverOnly).toEqual(expect.arrayContaining(['Confirm the cancellation of your {toolkit} subscription', 'Keep this email as the record of your cancellation.']));
    // The page's own message of the same text stays (its id is its own); survey texts are the page's.
    expect(entries.filter((entry) => entry.msgid === 'Reference: {reference}').map(isServerOnly).sort()).toEqual([false, true]);
    expect(serverOnly).not.toContain('SEO Toolkit');
    expect(serverOnly.every((id) => entries.find((entry) => entry.msgid === id)?.origins.every((origin) => origin.startsWith('src/server/')))).toBe(true);
  });

  it('are the compiled module in two parts, each message where it goes or in neither, \\xHH escapes read as Lingui writes them', () => {
    const compiled = 'import type{Messages}from"@lingui/core";export const messages=JSON.parse("{\\"a\\":[\\"30\\xA0%\\"],\\"b\\":[\\"Hello \\\\\\\\ x\\"],\\"mail\\":[\\"Subject\\"]}");';
    const parts = catalogParts(compiled, (id) => (id === 'mail' ? 'none' : id === 'b' ? 'later' : 'first'));
    const parsed = (module: string) => JSON.parse(JSON.parse(/JSON\.parse\((".*")\);$/.exec(module)?.[1] ?? '""') as string) as Record<string, string[]>;
    expect(parsed(parts.first)).toEqual({ a: ['30\u00a0%'] });
    expect(parsed(parts.later)).toEqual({ b: ['Hello \\ x'] });
    expect(parts.first.startsWith('import type{Messages}from"@lingui/core";export const messages=JSON.parse(')).toBe(true);
  });

  it('leave out the survey texts that read as their English: all of them in English, none of them translated', async () => {
    const entries = readPo(readFileSync(join(ROOT, 'locales/en/messages.po'), 'utf8'));
    const surveyTexts = entries.filter(isSurveyText).map((entry) => entry.msgid);
    expect(surveyTexts).toEqual(expect.arrayContaining(['Not sure yet', 'SEO Toolkit']));
    const catalog = async (path: string) => ((await import(join(ROOT, path))) as { messages: Record<string, unknown> }).messages;
    const [server, first, later, german] = await Promise.all([
      catalog('src/generated/locales/en.ts'),
      catalog('src/generated/locales/app/en.ts'),
      catalog('src/generated/locales/app/en.later.ts'),
      catalog('src/generated/locales/app/de.ts'),
    ]);
    const english = { ...first, ...later };
    const plain = surveyTexts.filter((id) => !id.includes('{'));
    expect(plain.length).toBeGreaterThan(50);
    for (const id of plain) expect(server[id], id).toEqual([id]);
    expect(plain.filter((id) => id in english)).toEqual([]);
    // An ICU text compiles into parts, so it stays; so does every message of the app's own.
    expect(surveyTexts.filter((id) => id.includes('{')).every((id) => id in english)).toBe(true);
    expect(Object.keys(english).length).toBe(Object.keys(server).length - plain.length - entries.filter(isServerOnly).length);
    expect(german['Not sure yet']).toEqual(['Weiß ich noch nicht']);
  });

  it('are written for every locale, without the German email’s subject the server’s catalog has', () => {
    const server = readFileSync(join(ROOT, 'src/generated/locales/de.ts'), 'utf8');
    const app = readFileSync(join(ROOT, 'src/generated/locales/app/de.ts'), 'utf8');
    expect(server).toContain('Bestätigen Sie die Kündigung Ihres Abonnements für „');
    expect(app).not.toContain('Bestätigen Sie die Kündigung Ihres Abonnements für „');
    expect(app).toContain('Jetzt kündigen');
  });
});

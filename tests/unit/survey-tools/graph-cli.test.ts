import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../scripts/survey-tools/graph-cli';

let out: string;

beforeAll(async () => {
  out = await mkdtemp(join(tmpdir(), 'survey-graph-'));
});

afterAll(async () => {
  await rm(out, { recursive: true, force: true });
});

describe('npm run survey:graph', () => {
  it('writes an HTML page with the combined picture and its legend by default for --out FILE.html', async () => {
    const lines: string[] = [];
    const file = join(out, 'flow.html');
    expect(await main(['--out', file], process.cwd(), (line) => lines.push(line))).toBe(0);
    expect(lines).toEqual([`survey:graph: wrote ${file} (cancellation, trial and paid)`]);
    const html = await readFile(file, 'utf8');
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('<title>Survey flow: cancellation — trial and paid users</title>');
    expect(html).toContain('<svg');
    expect(html).not.toContain('<?xml');
    for (const meaning of ['skips the competitors question', '(trial only): only trial users see', '(paid only): only paid users see', 'final form: the closing form']) {
      expect(html).toContain(meaning);
    }
  });

  it('writes one audience as SVG or DOT', async () => {
    const svg = join(out, 'paid.svg');
    const dot = join(out, 'growth.dot');
    expect(await main(['--audience', 'paid', '--out', svg], process.cwd(), () => {})).toBe(0);
    expect(await main(['--survey', 'growth-kit', '--out', dot], process.cwd(), () => {})).toBe(0);
    expect(await readFile(svg, 'utf8')).toContain('<title>cancellation (paid users)</title>');
    expect(await readFile(dot, 'utf8')).toMatch(/^digraph "growth-kit \(trial and paid users\)" \{/);
  });

  it('refuses an unknown audience or file type', async () => {
    const errors: string[] = [];
    const fail = (line: string): number => errors.push(line);
    expect(await main(['--audience', 'everyone'], process.cwd(), () => {}, fail)).toBe(2);
    expect(await main(['--out', join(out, 'flow.png')], process.cwd(), () => {}, fail)).toBe(2);
    expect(errors.map((e) => e.split('\n')[0])).toEqual([
      "--audience must be trial, paid or both, not 'everyone'",
      `--out must end in .svg, .html or .dot: '${join(out, 'flow.png')}'`,
    ]);
  });
});

describe('npm run survey:graph on a draft', () => {
  /** A copy of the project's survey/ and locales/ with one new answer no catalog translates yet. */
  async function draftProject(name: string): Promise<string> {
    const root = join(out, name);
    await cp('survey', join(root, 'survey'), { recursive: true });
    await cp('locales', join(root, 'locales'), { recursive: true });
    const file = join(root, 'survey/cancellation.yaml');
    const text = await readFile(file, 'utf8');
    const last = '      - id: just-trying\n        audience: trial\n        text: I just wanted to try it out\n        next: competitors\n';
    expect(text.split(last)).toHaveLength(2);
    await writeFile(file, text.replace(last, `${last}      - id: moved-in-house\n        text: We now do this work in-house\n        next: competitors\n`));
    return root;
  }

  it('draws a survey whose new text is not translated yet, listing the text as a warning', async () => {
    const root = await draftProject('draft');
    const lines: string[] = [];
    const errors: string[] = [];
    const file = join(out, 'draft.svg');
    expect(await main(['--out', file], root, (line) => lines.push(line), (line) => errors.push(line))).toBe(0);
    expect(lines).toEqual([`survey:graph: wrote ${file} (cancellation, trial and paid)`]);
    expect(await readFile(file, 'utf8')).toContain('We now do this work in&#45;house');
    expect(errors).toEqual([
      expect.stringMatching(/cancellation\.yaml:\d+:\d+: warning missing-translation: 'We now do this work in-house' has no translation in any language/),
      'survey:graph: 1 text still to translate (npm run i18n:extract); the picture shows the English',
    ]);
  });

  it('writes --out in the folder the command was run in', async () => {
    const root = await draftProject('draft-here');
    const here = join(out, 'here');
    await mkdir(here);
    expect(await main(['--out', 'flow.dot'], root, () => {}, () => {}, here)).toBe(0);
    expect(await readFile(join(here, 'flow.dot'), 'utf8')).toMatch(/^digraph /);
  });
});

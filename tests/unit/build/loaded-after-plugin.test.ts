// The loaded-after build plugin (scripts/build/loaded-after-plugin.mjs): a lazily loaded module that is
// only loaded after another shares its chunks with what loads with it, and keeps its exports.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entrySource, LOADED_AFTER, loadedAfterPlugin } from '../../../scripts/build/loaded-after-plugin.mjs';
import { splitBuild } from './split-build';

const ROOT = process.cwd();
let dir: string;

/** A small app: main loads start, start loads the page, the page loads its later part. */
const FILES: Record<string, string> = {
  'main.js': "export const load = () => import('./start.js');",
  'start.js': "import { a } from './core.js'; export const start = 'start' + a; export const page = () => import('./page.js');",
  'page.js': "import { a } from './core.js'; import { own } from './page-own.js'; import { b } from './page-part.js'; export default function Page() { return 'page' + a + own + b; } export const later = () => import('./later.js');",
  'later.js': "import { a } from './core.js'; import { b } from './page-part.js'; export const Later = 'later' + a + b;",
  'core.js': "export const a = 'a';",
  'page-own.js': "export const own = 'o';",
  'page-part.js': "export const b = 'b';",
};

beforeAll(async () => {
  dir = await mkdtemp(join(ROOT, 'node_modules/.cache-loaded-after-'));
  await Promise.all(Object.entries(FILES).map(([name, source]) => writeFile(join(dir, name), source)));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Builds the small app, split, with the plugin's rules or without; the output file of each module, and where main is. */
async function build(outName: string, withPlugin: boolean): Promise<{ fileOf: (module: string) => string | undefined; main: string }> {
  const at = (name: string) => relative(ROOT, join(dir, name)).split('\\').join('/');
  const rules = [
    { module: at('page.js'), after: at('start.js') },
    { module: at('later.js'), after: at('page.js') },
  ];
  const { metafile, fileOf } = await splitBuild(join(dir, 'main.js'), join(dir, outName), withPlugin ? [loadedAfterPlugin(rules)] : []);
  const main = Object.entries(metafile.outputs).find(([, output]) => output.entryPoint?.endsWith('/main.js'))?.[0] ?? '';
  return { fileOf, main: join(ROOT, main) };
}

describe('the loaded-after plugin', () => {
  it('puts what loads together into one chunk, where the bundler alone splits it by who imports it', async () => {
    const alone = await build('alone', false);
    expect(alone.fileOf('page-own.js')).not.toBe(alone.fileOf('page-part.js'));
    const told = await build('told', true);
    expect(told.fileOf('page-own.js')).toBe(told.fileOf('page-part.js'));
    expect(told.fileOf('page-part.js')).toBe(told.fileOf('page.js'));
  });

  it('keeps each module’s default and named exports, and what it is loaded after is there with it', async () => {
    const { main } = await build('run', true);
    const app = (await import(pathToFileURL(main).href)) as { load: () => Promise<{ start: string; page: () => Promise<{ default: () => string; later: () => Promise<{ Later: string }> }> }> };
    const start = await app.load();
    expect(start.start).toBe('starta');
    const page = await start.page();
    expect(page.default()).toBe('pageaob');
    expect((await page.later()).Later).toBe('laterab');
  });

  it('names every output by the module it was built from', () => {
    expect(entrySource('loaded-after:src/app/pages/MainPage.tsx')).toBe('src/app/pages/MainPage.tsx');
    expect(entrySource('src/app/main.ts')).toBe('src/app/main.ts');
    expect(entrySource(undefined)).toBeUndefined();
  });

  it('is told of the app’s screens and later screens, each loaded after what loads it', () => {
    const ruleOf = (source: string) => LOADED_AFTER.find(({ module }) => (typeof module === 'string' ? module === source : module.test(source)))?.after;
    for (const page of ['MainPage', 'NoSubscriptionPage', 'ConfirmPage', 'SurveyPage']) expect(ruleOf(`src/app/pages/${page}.tsx`), page).toBe('src/app/start.tsx');
    expect(ruleOf('src/app/survey/later-screens.ts')).toBe('src/app/pages/SurveyPage.tsx');
    expect(ruleOf('src/app/start.tsx')).toBeUndefined();
  });
});

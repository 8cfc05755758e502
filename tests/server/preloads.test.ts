// Preloading the app's start, the screen and the catalog a page needs: the build's manifest (preload-manifest-plugin)
// and the server's choice of lists for a URL and a language (src/server/preloads.ts).
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Metafile } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { preloadManifest } from '../../scripts/build/preload-manifest-plugin.mjs';
import { metafileOutput } from '../unit/build/metafile-output';
import { manifestReader, pageLanguage, preloadLinks, screenOf, withPreloads, type PreloadManifest } from '../../src/server/preloads';

/** An output of the build, from no source file in particular (the manifest reads only entry points and imports). */
const output = (entryPoint: string | undefined, imports: string[], dynamic: string[] = []) => metafileOutput(entryPoint, [], imports, dynamic);

describe('preloadManifest (build)', () => {
  it('lists the start’s, each screen’s and each catalog’s files beyond what the page shell loads, as URLs', () => {
    const A = 'dist/app/assets';
    const metafile: Metafile = {
      inputs: {},
      outputs: {
        [`${A}/main-1.js`]: output('src/app/main.ts', [`${A}/chunks/shared-1.js`], [`${A}/chunks/start-1.js`, `${A}/chunks/SurveyPage-1.js`, `${A}/chunks/en-1.js`, `${A}/chunks/en-2.js`]),
        [`${A}/chunks/start-1.js`]: output('src/app/start.tsx', [`${A}/chunks/shared-1.js`, `${A}/chunks/react-1.js`]),
        [`${A}/chunks/react-1.js`]: output(undefined, []),
        [`${A}/chunks/shared-1.js`]: output(undefined, []),
        [`${A}/chunks/SurveyPage-1.js`]: output('src/app/pages/SurveyPage.tsx', [`${A}/chunks/shared-1.js`, `${A}/chunks/forms-1.js`], [`${A}/chunks/abc-1.js`]),
        [`${A}/chunks/forms-1.js`]: output(undefined, []),
        [`${A}/chunks/abc-1.js`]: output('src/generated/validators/abc.cjs', []),
        [`${A}/chunks/en-1.js`]: output('src/generated/locales/en.ts', [`${A}/chunks/shared-1.js`]),
        [`${A}/chunks/en-2.js`]: output('src/generated/locales/app/en.later.ts', [`${A}/chunks/shared-1.js`]),
        [`${A}/main-1.css`]: output(undefined, []),
      },
    };
    expect(preloadManifest(metafile, { entries: ['src/app/main.ts'], outdir: A, publicPath: '/cancel/assets' })).toEqual({
      app: ['/cancel/assets/chunks/start-1.js', '/cancel/assets/chunks/react-1.js'],
      screens: { SurveyPage: ['/cancel/assets/chunks/SurveyPage-1.js', '/cancel/assets/chunks/forms-1.js'] },
      catalogs: { en: ['/cancel/assets/chunks/en-1.js'] },
      laterCatalogs: { en: ['/cancel/assets/chunks/en-2.js'] },
      laterScreens: ['ConfirmPage', 'MainPage', 'NoSubscriptionPage'],
    });
  });
});

describe('the page’s preloads (server)', () => {
  const manifest: PreloadManifest = {
    app: [],
    screens: { SurveyPage: ['/s.js', '/shared.js'], MainPage: ['/m.js', '/shared.js'], ConfirmPage: ['/c.js'], NoSubscriptionPage: ['/n.js'] },
    catalogs: { en: ['/en.js'], de: ['/de.js'] },
    laterCatalogs: { en: ['/en-later.js'], de: ['/de-later.js'] },
    laterScreens: ['MainPage', 'NoSubscriptionPage', 'ConfirmPage'],
  };

  it('knows which screen a path shows, as the app’s route table does', () => {
    expect(['/cancel', '/cancel/', '/cancel/no-subscription', '/cancel/seo', '/cancel/plan', '/cancel/sst/confirm-unsubscribe', '/cancel/seo/x/y'].map(screenOf)).toEqual([
      'MainPage',
      'MainPage',
      'NoSubscriptionPage',
      'SurveyPage',
      'SurveyPage',
      'ConfirmPage',
      null,
    ]);
  });

  it('takes the language as the app does: the session’s, English for a URL with plan or an unknown one', () => {
    expect(pageLanguage('/cancel/seo', 'de')).toBe('de');
    expect(pageLanguage('/cancel/plan', 'de')).toBe('en');
    expect(pageLanguage('/cancel/seo', 'xx')).toBe('en');
    expect(pageLanguage('/cancel/seo', undefined)).toBe('en');
    // The app's own rule (languageOf in src/model): the path decides, and a regional setting is its language.
    expect(pageLanguage('/cancel/seo/confirm-unsubscribe?key=abcplanxyz', 'de')).toBe('de');
    expect(pageLanguage('/cancel/seo', 'pt-BR')).toBe('pt');
    expect(pageLanguage('/cancel/plan?lang=de', 'de')).toBe('en');
  });

  it('links the catalog, then the screen, each file once, before the end of the head', () => {
    const links = preloadLinks(manifest, '/cancel/seo', 'de');
    expect(links.split('\n')).toEqual(['<link rel="modulepreload" href="/de.js">', '<link rel="modulepreload" href="/s.js">', '<link rel="modulepreload" href="/shared.js">']);
    expect(withPreloads('<head><title>x</title></head>', links)).toBe(`<head><title>x</title>${links}\n</head>`);
    expect(preloadLinks(manifest, '/cancel/a/b/c', 'fr')).toBe('');
  });

  it('links the later part of the catalog for every screen but a survey page’s, whose first screen does without it', () => {
    const hrefs = (path: string) => preloadLinks(manifest, path, 'de').split('\n').map((link) => /href="([^"]+)"/.exec(link)?.[1]);
    expect(hrefs('/cancel')).toEqual(['/de.js', '/de-later.js', '/m.js', '/shared.js']);
    expect(hrefs('/cancel/no-subscription')).toEqual(['/de.js', '/de-later.js', '/n.js']);
    expect(hrefs('/cancel/seo/confirm-unsubscribe')).toEqual(['/de.js', '/de-later.js', '/c.js']);
    expect(hrefs('/cancel/seo')).not.toContain('/de-later.js');
  });

  it('links the app’s start first; a page with a server-rendered screen gets them all in a template', () => {
    const links = preloadLinks({ ...manifest, app: ['/start.js', '/shared.js'] }, '/cancel/seo', 'de');
    expect(links.split('\n')).toEqual(['/start.js', '/shared.js', '/de.js', '/s.js'].map((href) => `<link rel="modulepreload" href="${href}">`));
    expect(withPreloads('<head><title>x</title></head>', links, true)).toBe(`<head><title>x</title><template id="deferred-preloads">${links}</template>\n</head>`);
    expect(withPreloads('<head></head>', '', true)).toBe('<head></head>');
  });

  const dir = mkdtempSync(join(tmpdir(), 'preloads-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads the manifest again only after a new build, and does without one', () => {
    const read = manifestReader(dir);
    expect(read()).toEqual({ app: [], screens: {}, catalogs: {}, laterCatalogs: {}, laterScreens: [] });
    const file = join(dir, 'preloads.json');
    writeFileSync(file, JSON.stringify(manifest));
    expect(read()).toEqual(manifest);
    writeFileSync(file, JSON.stringify({ screens: {}, catalogs: { en: ['/new.js'] } }));
    utimesSync(file, new Date(), new Date(Date.now() + 5_000));
    expect(read().catalogs.en).toEqual(['/new.js']);
    // Written by an older build, without the start's list: none to preload.
    expect(preloadLinks(read(), '/cancel/seo', 'en')).toBe('<link rel="modulepreload" href="/new.js">');
  });
});

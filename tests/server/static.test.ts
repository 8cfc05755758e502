import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installErrorHandler } from '../../src/server/errors';
import { registerApp, withLanguage } from '../../src/server/static';
import { StoreUnavailableError } from '../../src/server/store/sql/database';
import { SESSION_COOKIE } from '../../src/server/sessions';
import { APP_FILES, writeAppFiles } from './helpers/fixtures';
import { startHarness, type Harness } from './helpers/harness';

const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
  "font-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'";

let harness: Harness;
beforeEach(async () => {
  harness = await startHarness();
});
afterEach(async () => {
  await harness.stop();
});

const get = (url: string, cookie?: string) => harness.get(url, cookie);

describe('security headers', () => {
  const URLS = [
    '/cancel',
    '/cancel/seo/confirm-unsubscribe?key=abc',
    '/cancel/assets/index-3F2A9C1B.js',
    '/cancel/api/get-context/',
    '/cancel/api/nope/',
    '/nowhere',
    '/dev/',
    '/dev/mailbox.json',
  ];
  for (const url of URLS) {
    it(`are on ${url}`, async () => {
      const response = await get(url);
      expect(response.headers['content-security-policy']).toBe(CSP);
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(response.headers['permissions-policy']).toMatch(/camera=\(\)/);
      expect(response.headers['x-frame-options']).toBe('DENY');
    });
  }

  it('the CSP allows no inline script, no eval and no framing', () => {
    expect(CSP).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
  });

  it('API responses are never cached, successes and errors alike', async () => {
    const client = await harness.signIn('paid-monthly');
    expect((await client.get('/cancel/api/get-context/')).headers['cache-control']).toBe('no-store');
    expect((await get('/cancel/api/get-context/')).headers['cache-control']).toBe('no-store');
    expect((await client.get('/cancel/api/nope/is-confirmed/')).headers['cache-control']).toBe('no-store');
  });

  it('hashed assets are immutable; other files revalidate; pages are not stored', async () => {
    const hashed = await get('/cancel/assets/index-3F2A9C1B.js');
    expect(hashed.statusCode).toBe(200);
    expect(hashed.body).toBe(APP_FILES['assets/index-3F2A9C1B.js']);
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await get('/cancel/assets/logo.svg');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect((await get('/cancel/seo')).headers['cache-control']).toBe('no-store');
  });

  it('adds HSTS only when PUBLIC_URL is https', async () => {
    expect((await get('/cancel')).headers['strict-transport-security']).toBeUndefined();
    const https = await startHarness({ publicUrl: 'https://cancel.example' });
    try {
      const response = await https.inject({ method: 'GET', url: '/cancel' });
      expect(response.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    } finally {
      await https.stop();
    }
  });
});

describe('the app under /cancel', () => {
  const PAGES = ['/cancel', '/cancel/', '/cancel/seo', '/cancel/all/confirm-unsubscribe?key=x', '/cancel/trends', '/cancel/a/b/c', '/cancel/index.html'];
  for (const url of PAGES) {
    it(`${url} gets index.html`, async () => {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain('<div id="root"></div>');
    });
  }

  it("writes the session's language into <html lang>, English without a session", async () => {
    const anonymous = await get('/cancel/seo');
    expect(anonymous.body).toContain('<html lang="en" dir="ltr">');
    const client = await harness.signIn('paid-monthly', 'de');
    const german = await get('/cancel/seo', client.cookie);
    expect(german.body).toContain('<html lang="de" dir="ltr">');
    expect(german.body.match(/lang=/g)).toHaveLength(1);
  });

  it("without a session, the browser's languages choose; a session's setting and a plan page come first", async () => {
    const asking = (url: string, languages: string, cookie?: string) =>
      harness.inject({ method: 'GET', url, headers: { 'accept-language': languages, ...(cookie ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {}) } });
    expect((await asking('/cancel/seo/confirm-unsubscribe?key=abc', 'ru, de-AT;q=0.9, en;q=0.8')).body).toContain('<html lang="de" dir="ltr">');
    expect((await asking('/cancel/seo', 'ru, uk;q=0.5')).body).toContain('<html lang="en" dir="ltr">');
    // A plan page is English whatever asks otherwise (the app resolves <html lang> with the URL, as the notice is).
    expect((await asking('/cancel/plan-change', 'fr')).body).toContain('<h1>This page could not be loaded</h1>');
    expect((await asking('/cancel/seo', 'fr')).body).toContain('<html lang="fr" dir="ltr">');
    expect((await asking('/cancel/seo', 'fr')).body).not.toContain('<h1>This page could not be loaded</h1>');
    const client = await harness.signIn('paid-monthly', 'ja');
    expect((await asking('/cancel/seo', 'fr', client.cookie)).body).toContain('<html lang="ja" dir="ltr">');
  });

  it('a missing asset is a 404, not the page', async () => {
    const response = await get('/cancel/assets/missing-12345678.js');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: 'not-found' });
  });

  it('/cancel/api/ paths never get the page', async () => {
    for (const url of ['/cancel/api', '/cancel/api/', '/cancel/api/nope']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
    }
  });

  it('a POST to a page path is a JSON 404', async () => {
    const response = await harness.inject({ method: 'POST', url: '/cancel/seo', payload: {} });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: 'not-found' });
  });

  it('an address not written plainly (//, a . or .. part, a backslash, a NUL) is answered as one that names nothing, never "Forbidden"', async () => {
    const client = await harness.signIn('paid-monthly');
    // An API call so spelled is no call: a JSON 404 naming it, as any unknown API path gets.
    for (const url of ['/cancel/api//get-context/', '/cancel/api/get-context//', '/cancel/api/./get-context/', '/cancel/api/seo/is-confirmed/.', '/cancel/api/%2e%2e/get-context/', '/cancel/api/get-context/%5c', '/cancel/api/get-context/%00']) {
      const response = await client.get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ error: 'not-found', message: `GET ${url.split('?')[0] ?? ''}: there is no such page or call.` });
    }
    // A page so spelled is a page the app does not have: the app's page, which sends the customer on (spec §2).
    for (const url of ['/cancel//seo', '/cancel/./seo', '/cancel/seo/.', '/cancel/seo%5c', '/cancel/%00']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.body, url).toContain('<div id="root">');
    }
    // Nor is a file served so spelled: under assets/ that is the JSON 404 of a missing asset.
    for (const url of ['/cancel/assets//index-3F2A9C1B.js', '/cancel/assets/../index.html', '/cancel/assets/./index-3F2A9C1B.js']) {
      const response = await get(url);
      expect([response.statusCode, response.json()], url).toEqual([404, { error: 'not-found', message: `GET ${url}: there is no such page or call.` }]);
    }
  });

  it('does not serve files outside the app directory', async () => {
    for (const url of ['/cancel/../package.json', '/cancel/%2e%2e/package.json', '/cancel/assets/..%2f..%2fpackage.json']) {
      const response = await get(url);
      expect(response.body, url).not.toContain('"cancellation-area"');
    }
  });
});

describe('without a built app', () => {
  it('serves a page that says to run npm run build', async () => {
    const bare = await startHarness({ withApp: false });
    try {
      const response = await bare.inject({ method: 'GET', url: '/cancel/seo' });
      expect(response.statusCode).toBe(503);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain('npm run build');
      expect(response.headers['content-security-policy']).toBe(CSP);
      const asset = await bare.inject({ method: 'GET', url: '/cancel/assets/index-3F2A9C1B.js' });
      expect(asset.statusCode).toBe(404);
    } finally {
      await bare.stop();
    }
  });
});

describe('a page whose session the store cannot read just now', () => {
  it('is served without the session, for the page’s own calls to report the failure', async () => {
    const appDir = mkdtempSync(join(tmpdir(), 'cancel-static-'));
    writeAppFiles(appDir);
    const app = Fastify({ logger: false });
    installErrorHandler(app);
    const unreachable = new StoreUnavailableError('unreachable', 'PostgreSQL could not be reached, or the connection broke (connect ECONNREFUSED 127.0.0.1:5432).');
    const screens: boolean[] = [];
    await registerApp(app, {
      appDir,
      sessions: { of: () => Promise.reject(unreachable), signIn: () => Promise.reject(unreachable) },
      firstScreen: async (_language, _url, session) => {
        screens.push(session === undefined);
        return null;
      },
    });
    try {
      const response = await app.inject({ method: 'GET', url: '/cancel/seo', headers: { cookie: 'cancel_session=whatever' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain('<div id="root"></div>');
      expect(response.body).toContain('<html lang="en" dir="ltr">');
      expect(screens).toEqual([true]);
    } finally {
      await app.close();
      rmSync(appDir, { recursive: true, force: true });
    }
  });
});

describe('a build made while the server runs', () => {
  it('is served without a restart', async () => {
    const late = await startHarness({ withApp: false });
    try {
      expect((await late.inject({ method: 'GET', url: '/cancel' })).statusCode).toBe(503);
      writeAppFiles(late.appDir);
      expect((await late.inject({ method: 'GET', url: '/cancel' })).statusCode).toBe(200);
      const asset = await late.inject({ method: 'GET', url: '/cancel/assets/index-3F2A9C1B.js' });
      expect(asset.statusCode).toBe(200);
    } finally {
      await late.stop();
    }
  });
});

describe('withLanguage', () => {
  it('replaces or adds the lang attribute of the html tag only', () => {
    expect(withLanguage('<html><body lang="x">', 'ko')).toBe('<html lang="ko"><body lang="x">');
    expect(withLanguage("<HTML class='a' LANG='en'>", 'sv')).toBe('<HTML class=\'a\' lang="sv">');
    expect(withLanguage('<!doctype html><html lang=en>', 'zh')).toBe('<!doctype html><html lang="zh">');
  });
});

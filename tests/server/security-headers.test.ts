// The strict policy lets error reports leave for the Sentry project's origin, and nothing else.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildServer } from '../../src/server/server';
import { contentSecurityPolicy } from '../../src/server/security-headers';
import { testBundle } from './helpers/bundle';
import { createTestDatabase } from './helpers/databases';

const connectSrc = (policy: string | undefined): string | undefined => /connect-src ([^;]*)/.exec(policy ?? '')?.[1];

describe('contentSecurityPolicy', () => {
  it('keeps every call on our own origin when reports stay here', () => {
    for (const dsn of [undefined, '', 'off', '/dev/sentry', 'not a url']) {
      expect(connectSrc(contentSecurityPolicy(dsn)), String(dsn)).toBe("'self'");
    }
  });

  it('lets reports reach the DSN’s origin only, never its key or path', () => {
    const policy = contentSecurityPolicy('https://public-key@o42.ingest.example.io/1234');
    expect(connectSrc(policy)).toBe("'self' https://o42.ingest.example.io");
    expect(policy).not.toContain('public-key');
    expect(policy).toMatch(/script-src 'self';/);
    expect(policy).not.toMatch(/unsafe-(eval|inline)/);
  });

  it('ignores a DSN that is not http(s)', () => {
    expect(connectSrc(contentSecurityPolicy('javascript:alert(1)'))).toBe("'self'");
  });
});

describe('a server with SENTRY_DSN set', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it('sends the widened policy on its pages and API answers', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cancel-csp-'));
    const database = await createTestDatabase(dir);
    const app = await buildServer({
      config: {
        dbFile: database.file,
        databaseUrl: database.url,
        appDir: join(dir, 'app'),
        production: true,
        sentryDsn: 'https://k@o7.ingest.example.io/9',
      },
      bundle: testBundle(),
    });
    close = async () => {
      await app.close();
      await database.drop();
    };
    for (const url of ['/cancel/seo', '/cancel/api/get-csrf-token/']) {
      const response = await app.inject({ method: 'GET', url });
      expect(connectSrc(response.headers['content-security-policy'] as string), url).toBe("'self' https://o7.ingest.example.io");
    }
  });
});

import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../src/server/migrations';
import { openDatabase } from '../../src/server/db';
import { surveyPayload } from './helpers/fixtures';
import { latestKey, mailbox, startHarness, type Harness } from './helpers/harness';

let harness: Harness;
beforeEach(async () => {
  harness = await startHarness();
});
afterEach(async () => {
  await harness.stop();
});

describe('a restart on the same database file', () => {
  it('keeps submissions, sessions, CSRF tokens, mail and pending confirmations', async () => {
    const client = await harness.signIn('paid-monthly', 'ja');
    const stored = await client.post('/cancel/api/survey-storage/survey-monitoring/', surveyPayload('mia.monthly@example.com'));
    expect(stored.json()).toEqual({ stored: true, id: 1 });
    await client.post('/cancel/api/seo/send-confirmation-email/', {});
    const key = await latestKey(harness);
    const mailBefore = await mailbox(harness);

    await harness.restart();

    // The same cookie is still a session (the signing secret was persisted), with its language and token.
    expect((await client.get('/cancel/api/get-context/')).json()).toMatchObject({ user: { user_id: 1001 } });
    expect((await client.get('/cancel/api/get-csrf-token/')).json()).toEqual({ csrf_token: client.csrfToken });
    expect((await client.get('/cancel/seo')).body).toContain('<html lang="ja"');
    expect(await mailbox(harness)).toEqual(mailBefore);
    expect(harness.counts().survey_submissions).toBe(1);
    // The next submission continues the numbering, the key mailed before the restart still confirms.
    const next = await client.post('/cancel/api/survey-storage/survey-monitoring/', surveyPayload('mia.monthly@example.com'));
    expect(next.json()).toEqual({ stored: true, id: 2 });
    const confirmed = await client.get(`/cancel/api/seo/confirm/?key=${key}`, { csrf: true });
    expect(confirmed.statusCode).toBe(200);
  });
});

describe('the database', () => {
  it('is created in WAL mode at the latest schema version', () => {
    const db = new Database(harness.dbFile, { readonly: true });
    try {
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    } finally {
      db.close();
    }
  });

  it('refuses a file from a newer schema instead of guessing', async () => {
    await harness.app.close();
    const db = new Database(harness.dbFile);
    db.pragma(`user_version = ${MIGRATIONS.length + 1}`);
    db.close();
    expect(() => openDatabase(harness.dbFile)).toThrow(/newer than this server knows/);
    // Let afterEach close a working server.
    const fixed = new Database(harness.dbFile);
    fixed.pragma(`user_version = ${MIGRATIONS.length}`);
    fixed.close();
    await harness.start();
  });
});

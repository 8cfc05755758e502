// npm run responses:export -- --audit: the audit trail of cancellations, as CSV and as JSON.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_CSV_HEADER } from '../../../scripts/responses/export-formats';
import { cancellationRecords } from '../../../src/server/store/cancellation-records';
import { openSqlite } from '../../../src/server/store/sql/sqlite';
import { parseCsv } from './parse-csv';
import { runExport } from './run-export';

const DECLARED = Date.parse('2026-03-01T09:00:00Z');
let dir: string;
let dbFile: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cancel-audit-'));
  dbFile = join(dir, 'cancel.sqlite');
  const db = openSqlite(dbFile);
  const records = cancellationRecords(db);
  await records.insert({ reference: 'C-AAAAAAAA', userId: '1008', toolkit: 'seo', policy: 'de-312k', policyVersion: 1, effect: 'immediate', screens: ['reason', 'declaration'], declaredAt: DECLARED, effectiveAt: DECLARED });
  const pending = await records.insert({ reference: 'C-BBBBBBBB', userId: '1010', toolkit: 'all-at-once', policy: 'us-ca', policyVersion: 2, effect: 'email-link', screens: ['reason', 'what-could-be-better', 'discount-offer', 'declaration'], declaredAt: DECLARED + 86_400_000, effectiveAt: null });
  await records.markUndone(pending.id, DECLARED + 2 * 86_400_000);
  await db.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = (args: string[]) => runExport(args, dir);

describe('--audit', () => {
  it('writes every record as JSON: policy and version, screens, and the times it was declared, took effect and was undone', async () => {
    const { status, out, notes } = await run(['--audit', '--format', 'json', '--db', dbFile]);
    expect(status).toBe(0);
    expect(JSON.parse(out)).toEqual([
      { reference: 'C-AAAAAAAA', userId: '1008', toolkit: 'seo', policy: 'de-312k', policyVersion: 1, effect: 'immediate', screens: ['reason', 'declaration'], declaredAt: '2026-03-01T09:00:00.000Z', effectiveAt: '2026-03-01T09:00:00.000Z', undoneAt: null },
      {
        reference: 'C-BBBBBBBB',
        userId: '1010',
        toolkit: 'all-at-once',
        policy: 'us-ca',
        policyVersion: 2,
        effect: 'email-link',
        screens: ['reason', 'what-could-be-better', 'discount-offer', 'declaration'],
        declaredAt: '2026-03-02T09:00:00.000Z',
        effectiveAt: null,
        undoneAt: '2026-03-03T09:00:00.000Z',
      },
    ]);
    expect(notes).toEqual([`responses:export: 2 cancellation records from ${dbFile}`]);
  });

  it('writes CSV with its header, and --since keeps the records declared from that day', async () => {
    const { status, out } = await run(['--audit', '--db', dbFile, '--since', '2026-03-02']);
    expect(status).toBe(0);
    const [header, ...rows] = parseCsv(out);
    expect(header).toEqual(AUDIT_CSV_HEADER);
    expect(rows).toEqual([['C-BBBBBBBB', '1010', 'all-at-once', 'us-ca', '2', 'email-link', 'reason > what-could-be-better > discount-offer > declaration', '2026-03-02T09:00:00.000Z', '', '2026-03-03T09:00:00.000Z']]);
  });
});

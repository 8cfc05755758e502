// Cancellation policies on the server: the policy of the customer's country in get-context, the
// declaration (at once with a receipt, or by email), the undo link, the audit trail and its retention.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testBundle } from './helpers/bundle';
import { entry, surveyPayload } from './helpers/fixtures';
import { Client, Harness, latestKey, mailbox, startHarness } from './helpers/harness';

let harness: Harness;

beforeEach(async () => {
  harness = await startHarness();
});
afterEach(async () => {
  await harness.stop();
});

const DECLARE = '/cancel/api/seo/declare-cancellation/';
const UNDO = '/cancel/api/seo/undo-cancellation/';
const STORAGE = '/cancel/api/survey-storage/survey-monitoring/';
const declare = (c: Client, body: unknown = { name: 'Dana Deutsch', screens: ['reason'] }, key = 'declare-1') =>
  c.post(DECLARE, body, { headers: { 'idempotency-key': key } });

/** The undo key of the newest mail's undo link. */
async function latestUndoKey(): Promise<string> {
  const [mail] = await mailbox(harness);
  const link = mail?.links.find((l) => l.includes('undo='));
  const key = link === undefined ? null : new URL(link).searchParams.get('undo');
  if (key === null) throw new Error('no undo link in the newest mail');
  return key;
}

interface AuditRow {
  reference: string;
  toolkit: string;
  policy: string;
  policy_version: number;
  effect: string;
  screens: string;
  declared_at: number;
  effective_at: number | null;
  undone_at: number | null;
}
const auditRows = () =>
  harness.rows<AuditRow>('SELECT reference, toolkit, policy, policy_version, effect, screens, declared_at, effective_at, undone_at FROM cancellation_records ORDER BY id');

describe('the policy of the customer’s country', () => {
  it('travels with the user context, its rules included', async () => {
    const client = await harness.signIn('paid-de');
    expect((await client.get('/cancel/api/get-context/')).json().policy).toEqual(testBundle().policies.policies['de-312k']);
  });

  it('is named by get-context: the new personas carry the regulated countries, the older ones the spec’s flow', async () => {
    const expected: Record<string, string> = {
      'paid-de': 'de-312k',
      'paid-fr': 'eu-withdrawal',
      'paid-us': 'us-ca',
      'paid-gb': 'uk-dmcc-draft',
      'paid-monthly': 'spec-default',
      'paid-annual': 'spec-default',
      trial: 'spec-default',
      'seo-only': 'spec-default',
      'sst-admin': 'spec-default',
    };
    for (const [persona, policy] of Object.entries(expected)) {
      const client = await harness.signIn(persona);
      expect((await client.get('/cancel/api/get-context/')).json().policy, persona).toMatchObject({ id: policy, version: 1 });
    }
  });
});

describe('declare-cancellation under de-312k (effect: immediate)', () => {
  it('cancels at once: confirmed, the toolkit gone from the context, the receipt mailed with its reference, time and undo link', async () => {
    const client = await harness.signIn('paid-de', 'de');
    const response = await declare(client);
    expect(response.statusCode).toBe(200);
    const receipt = response.json();
    const at = new Date(harness.clock.ms).toISOString();
    expect(receipt).toEqual({
      effect: 'immediate',
      reference: expect.stringMatching(/^C-[A-HJ-NP-Z2-9]{8}$/),
      declared_at: at,
      effective_at: at,
      undo_until: new Date(harness.clock.ms + 14 * 24 * 3600 * 1000).toISOString(),
      email: 'dana.de@example.com',
    });
    expect((await client.get('/cancel/api/seo/is-confirmed/')).json()).toEqual({ confirmed: true, state: 'confirmed' });
    expect((await client.get('/cancel/api/get-context/')).json().user.active_toolkits).not.toContain('seo');
    const [mail] = await mailbox(harness);
    expect(mail?.to).toBe('dana.de@example.com');
    expect(mail?.subject).toContain(receipt.reference);
    expect(mail?.text).toContain(receipt.reference);
    // German date and time, in UTC, said so: 1. Mai 2025 um 10:00 UTC.
    expect(mail?.text).toMatch(/1\. Mai 2025 um 10:00 UTC/);
    // When the contract ends, as §312k (4) BGB asks: at the end of the billing period.
    expect(mail?.text).toContain('Ihr Abonnement endet zum Ende des aktuellen Abrechnungszeitraums.');
    expect(mail?.html).toContain('<p>Ihr Abonnement endet zum Ende des aktuellen Abrechnungszeitraums.</p>');
    expect(mail?.links.some((link) => link.startsWith('http://cancel.test/cancel/seo/confirm-unsubscribe?undo='))).toBe(true);
    expect(await auditRows()).toEqual([
      {
        reference: receipt.reference,
        toolkit: 'seo',
        policy: 'de-312k',
        policy_version: 1,
        effect: 'immediate',
        screens: JSON.stringify(['reason', 'declaration']),
        declared_at: harness.clock.ms,
        effective_at: harness.clock.ms,
        undone_at: null,
      },
    ]);
  });

  it('is recorded once per Idempotency-Key, and a second declaration of a cancelled toolkit is refused with 409', async () => {
    const client = await harness.signIn('paid-de');
    const first = await declare(client);
    const again = await declare(client);
    expect(again.json()).toEqual(first.json());
    expect(await auditRows()).toHaveLength(1);
    const other = await declare(client, undefined, 'declare-2');
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ error: 'already-confirmed' });
  });

  it('refuses a body that is not a declaration, naming the field, and a screen that is no step of the survey', async () => {
    const client = await harness.signIn('paid-de');
    const blank = await declare(client, { name: '   ', screens: [] });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toMatch(/name/);
    // A control character (a NUL, a line break) cannot be stored in every database nor written in a receipt.
    for (const [name, key] of [['Dana\u0000Deutsch', 'declare-4'], ['Dana\r\nBcc: x@example.com', 'declare-5']]) {
      const control = await declare(client, { name, screens: ['reason'] }, key);
      expect(control.statusCode, name).toBe(400);
      expect(control.json()).toMatchObject({ error: 'invalid-body', message: expect.stringMatching(/^name/) });
    }
    const unknown = await declare(client, { name: 'Dana', screens: ['reason', 'no-such-step'] }, 'declare-3');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ error: 'invalid-body', message: "screens: 'no-such-step' is not a step of the SEO Toolkit survey." });
    expect(await auditRows()).toEqual([]);
  });

  it('the undo link restores the subscription once, within its days, for its own account only', async () => {
    const client = await harness.signIn('paid-de');
    await declare(client);
    const key = await latestUndoKey();
    const stranger = await harness.signIn('paid-de');
    const foreign = await stranger.post(UNDO, { key });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ error: 'key-wrong-user' });
    harness.clock.advance(14 * 24 * 3600 - 1);
    const undone = await client.post(UNDO, { key });
    expect(undone.statusCode).toBe(200);
    expect(undone.json()).toMatchObject({ undone: true, toolkit: 'seo' });
    expect((await client.get('/cancel/api/get-context/')).json().user.active_toolkits).toContain('seo');
    expect((await client.get('/cancel/api/seo/is-confirmed/')).json()).toEqual({ confirmed: false, state: 'none' });
    expect((await auditRows())[0]?.undone_at).toBe(harness.clock.ms);
    const twice = await client.post(UNDO, { key });
    expect(twice.statusCode).toBe(410);
    expect(twice.json()).toMatchObject({ error: 'key-used' });
  });

  it('an offer or a downgrade withdrawn by the cancellation can be taken again once it is undone, and only once', async () => {
    const plans = async (c: Client) => ((await c.get('/cancel/api/seo/eligible-for-offer/')).json() as { result: boolean; downgrade_plans: string[] });
    const takes: ((c: Client, plan: string) => Promise<{ statusCode: number }>)[] = [
      (c) => c.post('/cancel/api/seo/accept-offer/', { offer: 'discount-offer' }),
      (c, plan) => c.get(`/cancel/api/seo/downgrade/?to=${plan}`, { csrf: true }),
    ];
    for (const take of takes) {
      const client = await harness.signIn('paid-de');
      const plan = (await plans(client)).downgrade_plans[0] ?? 'missing';
      expect((await take(client, plan)).statusCode).toBe(200);
      await declare(client);
      expect((await client.post(UNDO, { key: await latestUndoKey() })).statusCode).toBe(200);

      expect((await plans(client)).result).toBe(true);
      expect((await take(client, plan)).statusCode).toBe(200);
      expect((await plans(client)).result).toBe(false);
      expect((await take(client, plan)).statusCode).toBe(409);
    }
    expect(await harness.rows('SELECT withdrawn_at FROM accepted_offers UNION ALL SELECT withdrawn_at FROM downgrades')).toEqual([{ withdrawn_at: null }, { withdrawn_at: null }]);
  });

  it('an undo link past its days is refused and the cancellation stands', async () => {
    const client = await harness.signIn('paid-de');
    await declare(client);
    const key = await latestUndoKey();
    harness.clock.advance(14 * 24 * 3600);
    const late = await client.post(UNDO, { key });
    expect(late.statusCode).toBe(410);
    expect(late.json()).toMatchObject({ error: 'key-expired' });
    expect((await client.get('/cancel/api/seo/is-confirmed/')).json()).toMatchObject({ confirmed: true });
    const unknown = await client.post(UNDO, { key: 'not-a-key' });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('declare-cancellation where the link confirms', () => {
  it('us-ca: mails the spec’s confirmation link; the record takes effect when the link is opened', async () => {
    const client = await harness.signIn('paid-us');
    const response = await declare(client, { name: 'Uma States', screens: ['reason', 'what-could-be-better', 'discount-offer'] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ effect: 'email-link', email: 'uma.us@example.com' });
    expect((await client.get('/cancel/api/seo/is-confirmed/')).json()).toEqual({ confirmed: false, state: 'pending' });
    const before = await auditRows();
    expect(before).toMatchObject([{ policy: 'us-ca', effect: 'email-link', effective_at: null, screens: JSON.stringify(['reason', 'what-could-be-better', 'discount-offer', 'declaration']) }]);
    harness.clock.advance(30);
    const confirmed = await client.get(`/cancel/api/seo/confirm/?key=${encodeURIComponent(await latestKey(harness))}`, { csrf: true });
    expect(confirmed.statusCode).toBe(200);
    expect((await auditRows())[0]?.effective_at).toBe(harness.clock.ms);
  });

  it('greets with the name declared, as the receipt does, not the account’s', async () => {
    const client = await harness.signIn('paid-us');
    expect((await declare(client, { name: '  Uma B. States ', screens: [] })).statusCode).toBe(200);
    const [mail] = await mailbox(harness);
    expect(mail?.text.split('\n')[0]).toBe('Hello Uma B. States,');
  });

  it('spec-default: there is no declaration to make; the survey asks for the cancellation', async () => {
    const client = await harness.signIn('paid-monthly');
    const response = await declare(client, { name: 'Mia Monthly', screens: [] });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: 'declaration-not-offered' });
    expect(await harness.rows('SELECT id FROM cancellation_requests')).toEqual([]);
  });

  it('the spec’s flow records its cancellation too: spec-default, the stored survey’s screens, declared on the email and effective on the link', async () => {
    const client = await harness.signIn('paid-monthly');
    expect((await client.post('/cancel/api/seo/send-confirmation-email/', {})).statusCode).toBe(200);
    expect((await client.post('/cancel/api/seo/send-confirmation-email/', {})).statusCode).toBe(429);
    harness.clock.advance(61);
    expect((await client.post('/cancel/api/seo/send-confirmation-email/', {})).statusCode).toBe(200);
    // A resend declares nothing new.
    const rows = await auditRows();
    expect(rows).toMatchObject([{ policy: 'spec-default', effect: 'email-link', effective_at: null }]);
    await client.get(`/cancel/api/seo/confirm/?key=${encodeURIComponent(await latestKey(harness))}`, { csrf: true });
    expect((await auditRows())[0]?.effective_at).toBe(harness.clock.ms);
  });
});

describe('offers withheld (us-mn)', () => {
  it('eligible-for-offer says no and the offer calls refuse with 409, naming the policy', async () => {
    await harness.stop();
    harness = await startHarness({ policyCountries: { CH: 'us-mn' } });
    const client = await harness.signIn('paid-monthly');
    expect((await client.get('/cancel/api/seo/eligible-for-offer/')).json()).toMatchObject({ result: false });
    const accept = await client.post('/cancel/api/seo/accept-offer/', { offer: 'discount-offer' }, { headers: { 'idempotency-key': 'a-1' } });
    expect(accept.statusCode).toBe(409);
    expect(accept.json()).toEqual({ error: 'offers-withheld', message: "The cancellation policy us-mn of this account's country allows no retention offer." });
    const downgrade = await client.get('/cancel/api/seo/downgrade/?to=pro', { csrf: true });
    expect(downgrade.statusCode).toBe(409);
    expect(await harness.rows('SELECT id FROM accepted_offers')).toEqual([]);
  });

  it('has no declaration screen: declare-cancellation is refused as under the spec’s flow, and nothing is recorded', async () => {
    await harness.stop();
    harness = await startHarness({ policyCountries: { CH: 'us-mn' } });
    const client = await harness.signIn('paid-monthly');
    const response = await declare(client, { name: 'Mia Monthly', screens: [] });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: 'declaration-not-offered' });
    expect(await auditRows()).toEqual([]);
  });

  it('stores a survey that passed the offers by, and refuses one that says an offer was shown', async () => {
    await harness.stop();
    harness = await startHarness({ policyCountries: { CH: 'us-mn' } });
    const client = await harness.signIn('paid-monthly');
    const answered = {
      first_question: entry('Please let us know why you’re leaving', ['I am satisfied with the product, but I don’t/can’t use it right now']),
      second_question: entry('Why don’t you use it right now?', ['It no longer fits my budget']),
      third_question: entry('Are you going to use any other service instead?', ['Not sure yet']),
    };
    const shown = surveyPayload('mia.monthly@example.com', {
      survey: answered,
      retention: [{ offer: 'downgrade-offer', kind: 'downgrade', plans: ['guru', 'pro'], choice: 'declined' }],
    });
    const refused = await client.post(STORAGE, shown);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: 'invalid-survey' });
    const passedBy = await client.post(STORAGE, surveyPayload('mia.monthly@example.com', { survey: answered }));
    expect(passedBy.statusCode, passedBy.body).toBe(200);
  });
});

describe('declare-cancellation under eu-withdrawal (closingForm.declares: withdrawal)', () => {
  it('acknowledges a withdrawal as one: the receipt says so, and the email is the withdrawal’s, not a cancellation’s', async () => {
    await harness.stop();
    harness = await startHarness({ policyCountries: { CH: 'eu-withdrawal' } });
    const client = await harness.signIn('paid-monthly');
    const response = await declare(client, { name: 'Mia Monthly', screens: ['reason'] });
    expect(response.statusCode, response.body).toBe(200);
    const receipt = response.json();
    expect(receipt).toMatchObject({ effect: 'immediate', declares: 'withdrawal' });
    const [mail] = await mailbox(harness);
    expect(mail?.subject).toBe(`Your withdrawal from the SEO Toolkit contract (${receipt.reference})`);
    expect(mail?.text).toContain('You withdrew from your Marketlane SEO Toolkit subscription contract on May 1, 2025 at 10:00 AM UTC. The withdrawal has taken effect.');
    expect(mail?.text).toContain('Keep this email as the record of your withdrawal.');
    expect(mail?.text).toContain('Changed your mind? You can undo the withdrawal until May 15, 2025 at 10:00 AM UTC:');
    expect(mail?.html).toContain('>Undo the withdrawal</a>');
    // A withdrawal ends the contract when confirmed: no billing period to wait for.
    expect(mail?.text).not.toContain('billing period');
    // The address of the undo page holds /cancel/; no sentence speaks of a cancellation.
    expect(`${mail?.subject} ${mail?.text} ${mail?.html}`).not.toMatch(/cancell?ation|canceled/i);
  });
});

describe('a declaration replayed with its Idempotency-Key', () => {
  it('gets its first answer after the policy changed, not a refusal', async () => {
    await harness.stop();
    harness = await startHarness({ policyCountries: { CH: 'eu-withdrawal' } });
    const client = await harness.signIn('paid-monthly');
    const first = await declare(client, { name: 'Mia Monthly', screens: ['reason'] }, 'd-1');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ effect: 'immediate' });
    // The same database served with the country mapped to the spec's flow: a new policies.yaml deployed.
    const next = new Harness({ sharedDatabase: harness.database, policyCountries: { CH: 'spec-default' } });
    await next.start();
    try {
      const replay = await declare(new Client(next, client.cookie, client.csrfToken), { name: 'Mia Monthly', screens: ['reason'] }, 'd-1');
      expect(replay.statusCode, replay.body).toBe(200);
      expect(replay.json()).toEqual(first.json());
      expect(await auditRows()).toHaveLength(1);
    } finally {
      await next.stop();
    }
  });
});

describe('the audit trail’s retention (AUDIT_RETENTION_DAYS)', () => {
  it('keeps a record for the days configured and deletes it after, when the next cancellation is recorded', async () => {
    await harness.stop();
    harness = await startHarness({ auditRetentionDays: 1096 });
    const first = await harness.signIn('paid-de');
    await declare(first);
    harness.clock.advance(1096 * 24 * 3600 - 1);
    const second = await harness.signIn('paid-de');
    await declare(second, undefined, 'declare-b');
    expect(await auditRows()).toHaveLength(2);
    harness.clock.advance(2);
    const third = await harness.signIn('paid-de');
    await declare(third, undefined, 'declare-c');
    expect((await auditRows()).map((row) => row.declared_at)).toEqual([harness.clock.ms - 2000, harness.clock.ms]);
  });

  it('refuses a retention shorter than three years at start', async () => {
    const { loadConfig } = await import('../../src/server/config');
    expect(() => loadConfig({ AUDIT_RETENTION_DAYS: '365' })).toThrow(/AUDIT_RETENTION_DAYS must be an integer from 1096/);
    expect(loadConfig({}).auditRetentionDays).toBe(1827);
  });
});

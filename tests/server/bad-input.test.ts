import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SurveyPayload } from '../../src/model';
import { surveyPayload } from './helpers/fixtures';
import { startHarness, type Client, type Harness } from './helpers/harness';

const STORE = '/cancel/api/survey-storage/survey-monitoring/';
const EMAIL = 'mia.monthly@example.com';

let harness: Harness;
let client: Client;

beforeEach(async () => {
  harness = await startHarness();
  client = await harness.signIn('paid-monthly');
});
afterEach(async () => {
  await harness.stop();
});

/** Posts, expects the status and error body, and checks that no table changed. */
async function expectRefused(
  send: () => ReturnType<Client['post']>,
  status: number,
  body: { error: string; message?: string | RegExp },
): Promise<void> {
  const before = harness.counts();
  const response = await send();
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const json = response.json() as { error: string; message: string };
  expect(json.error).toBe(body.error);
  expect(typeof json.message).toBe('string');
  if (body.message !== undefined) expect(json.message).toMatch(body.message);
  expect(Object.keys(json).sort()).toEqual(['error', 'message']);
  expect(harness.counts()).toEqual(before);
}

/** A payload padded (in the four comments) to exactly `bytes` bytes of JSON. */
function payloadOfSize(bytes: number): string {
  const question = { question: 'Q', question_translated: 'Q', answers: [], answers_translated: [], comment: '' };
  const payload: SurveyPayload = surveyPayload(EMAIL, {
    survey: { first_question: { ...question }, second_question: { ...question }, third_question: { ...question }, fourth_question: { ...question } },
  });
  const missing = bytes - Buffer.byteLength(JSON.stringify(payload));
  const share = Math.floor(missing / 4);
  const slots = ['first_question', 'second_question', 'third_question', 'fourth_question'] as const;
  slots.forEach((slot, index) => {
    const entry = payload.survey[slot];
    if (entry !== undefined) entry.comment = 'x'.repeat(index === 3 ? missing - 3 * share : share);
  });
  const text = JSON.stringify(payload);
  expect(Buffer.byteLength(text)).toBe(bytes);
  return text;
}

describe('bad input gets a clear error and changes nothing', () => {
  it('malformed JSON → 400', async () => {
    await expectRefused(() => client.post(STORE, '{"name": "Mia",'), 400, {
      error: 'malformed-json',
      message: /^body: the request body is not valid JSON \(.+\)\.$/,
    });
  });

  it('a field of the wrong type → 400 naming the field', async () => {
    const payload = surveyPayload(EMAIL);
    const broken = { ...payload, survey: { first_question: { ...payload.survey.first_question, answers: 'yes' } } };
    await expectRefused(() => client.post(STORE, broken), 400, {
      error: 'invalid-body',
      message: 'survey.first_question.answers: must be an array',
    });
  });

  it('a missing required field → 400 naming it', async () => {
    const { name: _name, ...withoutName } = surveyPayload(EMAIL);
    await expectRefused(() => client.post(STORE, withoutName), 400, { error: 'invalid-body', message: 'name: is required' });
  });

  it('an unknown field → 400 naming it', async () => {
    await expectRefused(() => client.post(STORE, { ...surveyPayload(EMAIL), admin: true }), 400, {
      error: 'invalid-body',
      message: 'admin: is not an allowed field',
    });
  });

  it('a timestamp that is not a date-time → 400', async () => {
    await expectRefused(() => client.post(STORE, surveyPayload(EMAIL, { timestamp: '2025-13-45 noon' })), 400, {
      error: 'invalid-body',
      message: /^timestamp: must be a date-time/,
    });
  });

  it('a too long answer text → 400 naming the array item', async () => {
    const payload = surveyPayload(EMAIL);
    const entry = payload.survey.first_question;
    if (entry !== undefined) entry.answers = ['ok', 'x'.repeat(501)];
    await expectRefused(() => client.post(STORE, payload), 400, {
      error: 'invalid-body',
      message: 'survey.first_question.answers[1]: must be at most 500 characters',
    });
  });

  it("an email other than the user's → 400", async () => {
    await expectRefused(() => client.post(STORE, surveyPayload('someone.else@example.com')), 400, {
      error: 'email-mismatch',
      message: /^email: /,
    });
  });

  it('a payload toolkit that does not exist → 400', async () => {
    await expectRefused(() => client.post(STORE, surveyPayload(EMAIL, { toolkit: 'spreadsheets' })), 400, {
      error: 'unknown-toolkit',
      message: /^toolkit: 'spreadsheets'/,
    });
  });

  it('a body of 64 KiB + 1 byte → 413; exactly 64 KiB is read', async () => {
    await expectRefused(() => client.post(STORE, payloadOfSize(64 * 1024 + 1)), 413, { error: 'body-too-large' });
    const atLimit = await client.post(STORE, payloadOfSize(64 * 1024));
    expect(atLimit.statusCode).toBe(200);
  });

  it('a body that is not JSON → 415', async () => {
    await expectRefused(
      () =>
        harness.app.inject({
          method: 'POST',
          url: STORE,
          headers: { cookie: `cancel_session=${client.cookie}`, 'x-csrftoken': client.csrfToken, 'content-type': 'text/plain' },
          payload: 'hello',
        }),
      415,
      { error: 'unsupported-media-type' },
    );
  });

  it('an empty JSON body counts as no body: fine where the body is open, 400 where it is required', async () => {
    await expectRefused(() => client.post(STORE, ''), 400, { error: 'invalid-body', message: 'body: must be an object' });
    const send = await client.post('/cancel/api/seo/send-confirmation-email/', '');
    expect(send.statusCode).toBe(200);
  });

  it('a JSON body with __proto__ is refused', async () => {
    await expectRefused(() => client.post('/cancel/api/seo/accept-offer/', '{"__proto__": {"admin": true}}'), 400, {
      error: 'forbidden-property',
      message: /^body: .*__proto__/,
    });
  });

  it('a write body that is not an object → 400', async () => {
    await expectRefused(() => client.post('/cancel/api/seo/send-confirmation-email/', [1, 2]), 400, {
      error: 'invalid-body',
      message: 'body: must be an object',
    });
    await expectRefused(() => client.post('/cancel/api/seo/accept-offer/', '"yes"'), 400, { error: 'invalid-body' });
  });

  it('a downgrade to a plan not offered → 400; without a plan → 400', async () => {
    await expectRefused(() => client.get('/cancel/api/seo/downgrade/?to=enterprise', { csrf: true }), 400, {
      error: 'plan-not-offered',
      message: "to: 'enterprise' is not a plan offered to this account (offered: guru, pro).",
    });
    await expectRefused(() => client.get('/cancel/api/seo/downgrade/', { csrf: true }), 400, {
      error: 'invalid-query',
      message: 'to: is required',
    });
    await expectRefused(() => client.get('/cancel/api/seo/downgrade/?to=', { csrf: true }), 400, {
      error: 'invalid-query',
      message: 'to: must not be empty',
    });
  });

  it('an unknown toolkit → 404', async () => {
    await expectRefused(() => client.post('/cancel/api/spreadsheets/send-confirmation-email/', {}), 404, {
      error: 'unknown-toolkit',
    });
  });

  it('an unknown API path → 404 JSON', async () => {
    await expectRefused(() => client.get('/cancel/api/get-context'), 404, { error: 'not-found' });
    await expectRefused(() => client.post('/cancel/api/seo/cancel-everything/', {}), 404, { error: 'not-found' });
  });
});

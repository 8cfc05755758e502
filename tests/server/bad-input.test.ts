import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SurveyPayload } from '../../src/model';
import { entry, growthKitPayload, surveyPayload } from './helpers/fixtures';
import { latestKey, startHarness, type Client, type Harness } from './helpers/harness';
import { batch, event, EVENTS, visitOf } from './helpers/visits';
import { describeSchemaError } from '../../src/server/validation';
import surveyPayloadSchema from '../../schemas/survey-payload.schema.json';
import userContextSchema from '../../schemas/user-context.schema.json';

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
  const before = (await harness.counts());
  const response = await send();
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const json = response.json() as { error: string; message: string };
  expect(json.error).toBe(body.error);
  expect(typeof json.message).toBe('string');
  if (body.message !== undefined) expect(json.message).toMatch(body.message);
  expect(Object.keys(json).sort()).toEqual(['error', 'message']);
  expect((await harness.counts())).toEqual(before);
}

/**
 * A valid payload padded to exactly `bytes` bytes of JSON, in the fourth question's comment: the
 * one comment the survey sets no limit on, so only the body limit can refuse it.
 */
function payloadOfSize(bytes: number): string {
  const payload: SurveyPayload = surveyPayload(EMAIL, {
    survey: { ...surveyPayload(EMAIL).survey, fourth_question: entry('Have anything else to add?', [], '') },
  });
  const missing = bytes - Buffer.byteLength(JSON.stringify(payload));
  const fourth = payload.survey.fourth_question;
  if (fourth !== undefined) fourth.comment = 'x'.repeat(missing);
  const text = JSON.stringify(payload);
  expect(Buffer.byteLength(text)).toBe(bytes);
  return text;
}

const REASON = 'Please let us know why you’re leaving';
const WHY_NOT_USING = 'Why don’t you use it right now?';
const COMPETITORS = 'Are you going to use any other service instead?';

/** The fixture payload with `survey` replaced. */
const answering = (survey: SurveyPayload['survey'], email = EMAIL): SurveyPayload => surveyPayload(email, { survey });

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

  it('a timestamp of a day or time the calendar does not have → 400; the real ones, leap days and seconds among them, are stored', async () => {
    for (const timestamp of ['2025-02-30T10:00:00Z', '2025-04-31T10:00:00Z', '2025-02-29T10:00:00Z', '1900-02-29T10:00:00Z', '2025-05-01T24:00:00Z', '2025-05-01T10:00:00+24:00']) {
      await expectRefused(() => client.post(STORE, surveyPayload(EMAIL, { timestamp })), 400, { error: 'invalid-body', message: /^timestamp: must be a date-time/ });
    }
    const stored = await client.post(STORE, surveyPayload(EMAIL, { timestamp: '2024-02-29T23:59:60.5+05:30' }));
    expect(stored.statusCode).toBe(200);
  });

  it('each schema refusal says in plain words what the field must be', async () => {
    const refused = async (overrides: Partial<SurveyPayload>, message: string): Promise<void> =>
      expectRefused(() => client.post(STORE, surveyPayload(EMAIL, overrides)), 400, { error: 'invalid-body', message });
    await refused({ name: ' \t ' }, 'name: must hold more than spaces');
    await refused({ toolkit: 'SEO' }, 'toolkit: must be lower-case letters, digits and hyphens');
    await refused({ path: [] }, 'path: must have at least 1 item');
    // A discount's entry with a downgrade's plans: a payload the types refuse, sent as a client might.
    const discountWithPlans = { offer: 'discount-offer', kind: 'discount', percent: 30, months: 3, plans: ['pro'], choice: 'declined' } as unknown as NonNullable<SurveyPayload['retention']>[number];
    await refused({ retention: [discountWithPlans] }, 'retention[0].plans: does not belong here (not a field of this kind of entry)');
    await refused({ retention: [{ offer: 'downgrade-offer', kind: 'downgrade', plans: ['pro', 'pro'], choice: 'declined' }] }, 'retention[0].plans: lists the same value twice (items 0 and 1)');
    await refused({ retention: [{ offer: 'discount-offer', kind: 'discount', percent: 101, months: 3, choice: 'declined' }] }, 'retention[0].percent: must be at most 100');
    const declare = await client.post('/cancel/api/seo/declare-cancellation/', { name: 'Mia\u0000', screens: ['declaration'] });
    expect(declare.json()).toMatchObject({ error: 'invalid-body', message: 'name: must hold more than spaces, and no control characters (line breaks, tabs, NUL)' });
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
    await expectRefused(() => client.post(STORE, payloadOfSize(64 * 1024 + 1)), 413, { error: 'body-too-large', message: /limit of 65536 bytes/ });
    const atLimit = await client.post(STORE, payloadOfSize(64 * 1024));
    expect(atLimit.statusCode).toBe(200);
  });

  it('a chunked body (no Content-Length) over 64 KiB → 413 while it streams in', async () => {
    const headers = { 'transfer-encoding': 'chunked' };
    await expectRefused(() => client.post(STORE, payloadOfSize(64 * 1024 + 1), { headers }), 413, { error: 'body-too-large' });
    expect((await client.post(STORE, payloadOfSize(64 * 1024), { headers })).statusCode).toBe(200);
  });

  it('a body that is not JSON → 415', async () => {
    await expectRefused(
      () =>
        harness.inject({
          method: 'POST',
          url: STORE,
          headers: { cookie: `cancel_session=${client.cookie}`, 'x-csrftoken': client.csrfToken, 'content-type': 'text/plain' },
          payload: 'hello',
        }),
      415,
      { error: 'unsupported-media-type' },
    );
  });

  it('a body that is not UTF-8 → 400 at its first bad byte; another charset or a compressed body → 415; nothing stored', async () => {
    const json = JSON.stringify(surveyPayload(EMAIL, { name: 'Zoë' }));
    const latin1 = Buffer.from(json, 'latin1');
    const send = (payload: Buffer, headers: Record<string, string>) => () =>
      harness.inject({ method: 'POST', url: STORE, headers: { cookie: `cancel_session=${client.cookie}`, 'x-csrftoken': client.csrfToken, ...headers }, payload });
    const offset = Buffer.from(json.slice(0, json.indexOf('ë')), 'latin1').length;
    const badByte = new RegExp(`^body: the byte 0xEB at offset ${offset} is not valid UTF-8`);
    await expectRefused(send(latin1, { 'content-type': 'application/json' }), 400, { error: 'invalid-utf8', message: badByte });
    await expectRefused(send(latin1, { 'content-type': 'application/json; charset=iso-8859-1' }), 415, { error: 'unsupported-charset', message: /charset=iso-8859-1/ });
    await expectRefused(send(Buffer.from(`\uFEFF${json}`, 'utf16le'), { 'content-type': 'application/json' }), 400, { error: 'invalid-utf8', message: /^body: the byte 0xFF at offset 0 / });
    await expectRefused(send(Buffer.from(json), { 'content-type': 'application/json', 'content-encoding': 'gzip' }), 415, { error: 'unsupported-content-encoding' });
    // Compressed in transfer: Node undoes the chunking only, so the body arrives compressed (it read as 'not UTF-8').
    await expectRefused(send(gzipSync(json), { 'content-type': 'application/json', 'transfer-encoding': 'gzip, chunked' }), 415, {
      error: 'unsupported-transfer-encoding',
      message: 'Transfer-Encoding: gzip is not taken; send the body uncompressed (chunked alone is fine).',
    });
    // UTF-8 as such is taken, however its charset is spelled, and the name is kept as typed.
    const stored = await send(Buffer.from(json), { 'content-type': 'application/json; Charset="UTF-8"' })();
    expect(stored.statusCode).toBe(200);
    expect(await harness.rows('SELECT payload FROM survey_submissions')).toEqual([{ payload: expect.stringContaining('"name":"Zoë"') }]);
  });

  it('an empty JSON body counts as no body: fine where the body is open, 400 where it is required', async () => {
    await expectRefused(() => client.post(STORE, ''), 400, { error: 'invalid-body', message: 'body: must be an object' });
    const send = await client.post('/cancel/api/seo/send-confirmation-email/', '');
    expect(send.statusCode).toBe(200);
  });

  it('a field given twice in one object → 400 naming it, however its name is escaped; nothing stored', async () => {
    // JSON.parse keeps the last of the two without a word: the first comment, or name, would be lost.
    const json = JSON.stringify(surveyPayload(EMAIL));
    const twice = json.replace('"comment":"Thanks for everything."', '"comment":"Thanks for everything.","comment":"Bye."');
    await expectRefused(() => client.post(STORE, twice), 400, {
      error: 'duplicate-field',
      message: 'survey.fourth_question.comment: is given more than once in its object; give each field once.',
    });
    await expectRefused(() => client.post(STORE, json.replace('{"timestamp"', '{"n\\u0061me":"Someone Else","timestamp"')), 400, {
      error: 'duplicate-field',
      message: 'name: is given more than once in its object; give each field once.',
    });
    await expectRefused(() => client.post(STORE, json.replace('"path":[{', '"path":[{"step":"reason",')), 400, {
      error: 'duplicate-field',
      message: 'path[0].step: is given more than once in its object; give each field once.',
    });
    await expectRefused(() => client.post('/cancel/api/seo/accept-offer/', '{"offer":"nope","offer":"discount-offer"}'), 400, { error: 'duplicate-field', message: /^offer: / });
    // The same name in different objects, in values, escaped quotes and brackets within strings are all fine.
    const tricky = json.replace('"Thanks for everything."', '"Say \\"name\\": {[\\\\], \\"comment\\"}"');
    const stored = await client.post(STORE, tricky);
    expect(stored.statusCode, stored.body).toBe(200);
    expect(await harness.rows('SELECT payload FROM survey_submissions')).toEqual([{ payload: expect.stringContaining('Say \\"name\\": {[\\\\], \\"comment\\"}') }]);
  });

  it('text with half a surrogate pair (\\ud800 escaped) → 400 naming the field; a whole pair is stored as sent', async () => {
    // Valid JSON, but no character: written as UTF-8 (the database, the receipt mail) it became U+FFFD.
    const json = JSON.stringify(surveyPayload(EMAIL));
    await expectRefused(() => client.post(STORE, json.replace('Thanks for everything.', 'Thanks \\ud800 for everything.')), 400, {
      error: 'invalid-unicode',
      message: 'survey.fourth_question.comment: holds \\ud800, half of a surrogate pair without its other half; text must be whole Unicode characters.',
    });
    await expectRefused(() => client.post('/cancel/api/seo/declare-cancellation/', '{"name":"Da\\udc00na","screens":[]}'), 400, {
      error: 'invalid-unicode',
      message: 'name: holds \\udc00, half of a surrogate pair without its other half; text must be whole Unicode characters.',
    });
    await expectRefused(() => client.post(STORE, json.replace('"path":[{', '"path":[{"x\\ud83d":1,')), 400, {
      error: 'invalid-unicode',
      message: /^path\[0\]: a field's name holds \\ud83d, /,
    });
    const stored = await client.post(STORE, json.replace('Thanks for everything.', 'Thanks \\ud83d\\ude00 for everything.'));
    expect(stored.statusCode, stored.body).toBe(200);
    expect(await harness.rows('SELECT payload FROM survey_submissions')).toEqual([{ payload: expect.stringContaining('"comment":"Thanks 😀 for everything."') }]);
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

  it('an offer that is not a string → 400 saying it must be one, not quoting what it was read as', async () => {
    for (const offer of ['1e400', '-0', 'null', 'true', '{"id":"discount-offer"}', '["discount-offer"]']) {
      await expectRefused(() => client.post('/cancel/api/seo/accept-offer/', `{"offer":${offer}}`), 400, {
        error: 'invalid-body',
        message: 'offer: must be a string, the id of a discount offered on seo (offered: discount-offer).',
      });
    }
    await expectRefused(() => client.post('/cancel/api/seo/accept-offer/', { offer: 'plenty' }), 400, {
      error: 'invalid-body',
      message: "offer: 'plenty' is not a discount offered on seo (offered: discount-offer).",
    });
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

  it('a query parameter given twice → 400 saying so, not that it "must be a string"; nothing changed', async () => {
    await expectRefused(() => client.get('/cancel/api/seo/downgrade/?to=pro&to=guru', { csrf: true }), 400, {
      error: 'invalid-query',
      message: 'to: is given 2 times in the query; give it once.',
    });
    await client.post('/cancel/api/seo/send-confirmation-email/', {});
    const key = await latestKey(harness);
    await expectRefused(() => client.get(`/cancel/api/seo/confirm/?key=${key}&key=${key}&key=`, { csrf: true }), 400, {
      error: 'invalid-query',
      message: 'key: is given 3 times in the query; give it once.',
    });
    expect(await harness.rows('SELECT used_at FROM confirmation_keys')).toEqual([{ used_at: null }]);
  });

  it('an unknown toolkit → 404', async () => {
    await expectRefused(() => client.post('/cancel/api/spreadsheets/send-confirmation-email/', {}), 404, {
      error: 'unknown-toolkit',
    });
  });

  it('a call made with a method it does not take → 405 naming the one it does, with Allow; nothing stored', async () => {
    await expectRefused(() => client.get('/cancel/api/seo/send-confirmation-email/'), 405, {
      error: 'method-not-allowed',
      message: 'GET /cancel/api/seo/send-confirmation-email/: this call is made with POST.',
    });
    const posted = await client.post('/cancel/api/get-context/', {});
    expect(posted.statusCode).toBe(405);
    expect(posted.headers.allow).toBe('GET, HEAD');
    expect(posted.json()).toMatchObject({ error: 'method-not-allowed', message: 'POST /cancel/api/get-context/: this call is made with GET.' });
    const put = await harness.inject({ method: 'PUT', url: '/cancel/api/seo/accept-offer/', headers: { cookie: `cancel_session=${client.cookie}` } });
    expect([put.statusCode, put.headers.allow]).toEqual([405, 'POST']);
  });

  it('an unknown API path → 404 JSON', async () => {
    await expectRefused(() => client.get('/cancel/api/get-context'), 404, { error: 'not-found' });
    await expectRefused(() => client.post('/cancel/api/seo/cancel-everything/', {}), 404, { error: 'not-found' });
  });
});

describe('a payload that does not fit the survey is refused, naming the field, and nothing is stored', () => {
  it('accepted_terms other than true → 400', async () => {
    await expectRefused(() => client.post(STORE, surveyPayload(EMAIL, { accepted_terms: false })), 400, {
      error: 'invalid-body',
      message: 'accepted_terms: must be true',
    });
  });

  it('a survey without its first question → 400', async () => {
    await expectRefused(() => client.post(STORE, answering({})), 400, {
      error: 'invalid-body',
      message: 'survey.first_question: is required',
    });
    const { first_question: _first, ...rest } = surveyPayload(EMAIL).survey;
    await expectRefused(() => client.post(STORE, answering(rest)), 400, {
      error: 'invalid-body',
      message: 'survey.first_question: is required',
    });
  });

  it('a comment over the survey’s limit for its text box → 400 quoting the YAML limit', async () => {
    await expectRefused(() => client.post(STORE, answering({ first_question: entry(REASON, ['Other'], 'x'.repeat(5000)) })), 400, {
      error: 'invalid-survey',
      message: 'survey.first_question.comment: must be at most 1500 characters.',
    });
    await expectRefused(() => client.post(STORE, answering({ first_question: entry(REASON, ['Other'], 'x'.repeat(1501)) })), 400, {
      error: 'invalid-survey',
      message: 'survey.first_question.comment: must be at most 1500 characters.',
    });
    // Step 3.5's services text fills step 3's comment; its limit is otherServices (250).
    const services = {
      first_question: entry(REASON, ['Other'], 'Moving on'),
      third_question: entry(COMPETITORS, ['Yes'], 's'.repeat(251)),
    };
    await expectRefused(() => client.post(STORE, answering(services)), 400, {
      error: 'invalid-survey',
      message: 'survey.third_question.comment: must be at most 250 characters.',
    });
  });

  it('comments at the limits are stored; the limit counts characters, not bytes', async () => {
    const atLimits = answering({
      first_question: entry(REASON, ['Other'], 'é'.repeat(1500)),
      third_question: entry(COMPETITORS, ['Yes'], '😀'.repeat(250)),
    });
    const response = await client.post(STORE, atLimits);
    expect(response.statusCode).toBe(200);
    expect((await harness.counts()).survey_submissions).toBe(1);
  });

  it('a comment on an answer that has no text box → 400', async () => {
    const payload = answering({ first_question: entry(REASON, ['The product doesn’t fully meet my needs'], 'sneaked in') });
    await expectRefused(() => client.post(STORE, payload), 400, {
      error: 'invalid-survey',
      message: 'survey.first_question.comment: must be empty (the answer has no text box).',
    });
  });

  it('an answer text the question does not have → 400', async () => {
    await expectRefused(() => client.post(STORE, answering({ first_question: entry(REASON, ['I won the lottery']) })), 400, {
      error: 'invalid-survey',
      message: `survey.first_question.answers[0]: is not an answer to '${REASON}'.`,
    });
    // An answer of another question of the survey is not an answer to this one.
    const borrowed = answering({ first_question: entry(REASON, ['It no longer fits my budget']) });
    await expectRefused(() => client.post(STORE, borrowed), 400, { error: 'invalid-survey', message: /^survey\.first_question\.answers\[0\]: / });
  });

  it('a choice with no answer or two answers → 400', async () => {
    await expectRefused(() => client.post(STORE, answering({ first_question: entry(REASON, []) })), 400, {
      error: 'invalid-survey',
      message: 'survey.first_question.answers: must hold exactly one answer.',
    });
    const two = answering({ first_question: entry(REASON, ['Other', 'The product doesn’t fully meet my needs']) });
    await expectRefused(() => client.post(STORE, two), 400, { error: 'invalid-survey', message: /^survey\.first_question\.answers: / });
  });

  it('a path move with a field its step does not record, or a choice with no answer → 400 naming it', async () => {
    const payload = surveyPayload(EMAIL);
    const [first, ...rest] = payload.path;
    if (first === undefined) throw new Error('the fixture has a path');
    const refused = (path: SurveyPayload['path'], message: string) =>
      expectRefused(() => client.post(STORE, { ...payload, path }), 400, { error: 'invalid-survey', message });
    await refused([{ ...first, answers: [first.answer ?? '', '<script>'] }, ...rest], "path[0].answers: step 'reason' records no list of answers; leave it out.");
    await refused([first, ...rest.map((move) => ({ ...move, answer: 'DROP TABLE' }))], `path[${rest.length}].answer: step 'final' records no single answer; leave it out.`);
    await refused([{ step: first.step }, ...rest], "path[0].answer: is missing: step 'reason' is answered with one of its answers.");
    // A list given to a step of one answer is not its answer; nor is it 'undefined'.
    await refused(
      [{ step: first.step, answers: [first.answer ?? ''] }, ...rest],
      "path[0].answer: is missing: step 'reason' is answered with one of its answers, as 'answer' ('answers' is for a step that takes several).",
    );
  });

  it('translated answers that do not match the answers one to one → 400', async () => {
    const payload = answering({ first_question: { ...entry(REASON, ['Other'], 'why'), answers_translated: [] } });
    await expectRefused(() => client.post(STORE, payload), 400, {
      error: 'invalid-survey',
      message: 'survey.first_question.answers_translated: must have one item per answer (1).',
    });
  });

  it('a made-up question, or a real one in the wrong slot → 400', async () => {
    await expectRefused(() => client.post(STORE, answering({ first_question: entry('Why, though?', ['Other'], 'x') })), 400, {
      error: 'invalid-survey',
      message: `survey.first_question.question: must be '${REASON}' (the question of this slot on the path the answers take).`,
    });
    const misplaced = answering({ first_question: entry(WHY_NOT_USING, ['I don’t have time to use it']) });
    await expectRefused(() => client.post(STORE, misplaced), 400, { error: 'invalid-survey', message: /^survey\.first_question\.question: / });
  });

  it('answers the customer’s audience is not shown → 400', async () => {
    // 'I’m not sure if I need it' is a trial answer; this is a paid customer.
    const trialAnswer = answering({ first_question: entry(REASON, ['I’m not sure if I need it']) });
    await expectRefused(() => client.post(STORE, trialAnswer), 400, { error: 'invalid-survey', message: /^survey\.first_question\.answers\[0\]: / });
    // Trial customers are not asked the fourth question.
    const trial = await harness.signIn('trial');
    const fourth = surveyPayload('tara.trial@example.com');
    await expectRefused(() => trial.post(STORE, fourth), 400, {
      error: 'invalid-survey',
      message: 'survey.fourth_question: is not asked on the path the answers take in the cancellation survey.',
    });
  });

  it('growth-kit takes its own question, within its limit, and nothing else', async () => {
    await expectRefused(() => client.post(STORE, surveyPayload(EMAIL, { toolkit: 'growth-kit' })), 400, {
      error: 'invalid-survey',
      message: "survey.first_question.question: must be 'Why do you want to cancel the Growth Kit?' (the question of this slot on the path the answers take).",
    });
    await expectRefused(() => client.post(STORE, growthKitPayload(EMAIL, 'r'.repeat(1501))), 400, {
      error: 'invalid-survey',
      message: 'survey.first_question.comment: must be at most 1500 characters.',
    });
    expect((await client.post(STORE, growthKitPayload(EMAIL, 'r'.repeat(1500)))).statusCode).toBe(200);
  });
});

describe('a visit-events batch the route cannot take is refused with its own limit and types, nothing stored', () => {
  it('over its 16 KiB: 413 naming 16384 bytes; neither JSON nor text: 415 naming both', async () => {
    const visit = await visitOf(client, []);
    await expectRefused(() => client.post(EVENTS, { ...batch(visit, [event('step', 'reason')]), csrf_token: 'x'.repeat(17_000) }), 413, {
      error: 'body-too-large',
      message: /limit of 16384 bytes/,
    });
    const xml = { cookie: `cancel_session=${client.cookie}`, 'x-csrftoken': client.csrfToken, 'content-type': 'application/xml' };
    await expectRefused(() => harness.inject({ method: 'POST', url: EVENTS, headers: xml, payload: '<events/>' }), 415, {
      error: 'unsupported-media-type',
      message: 'The request body must be JSON (Content-Type: application/json or text/plain).',
    });
  });

  it('giving one event id twice: 400 naming both events, none of the batch stored', async () => {
    const visit = await visitOf(client, []);
    const step = event('step', 'why-not-using');
    await expectRefused(() => client.post(EVENTS, batch(visit, [step, { ...event('answer', 'why-not-using', 'no-projects'), id: step.id }])), 400, {
      error: 'invalid-events',
      message: `events[1].id: '${step.id}' is the id of events[0] too; each event needs its own.`,
    });
  });
});

/** Every `pattern` a schema holds, at any depth. */
function patternsOf(schema: unknown): string[] {
  if (typeof schema !== 'object' || schema === null) return [];
  return Object.entries(schema).flatMap(([key, value]) => (key === 'pattern' && typeof value === 'string' ? [value] : patternsOf(value)));
}

it('every pattern of the API’s schema files is explained in words, not quoted', () => {
  const patterns = [...patternsOf(surveyPayloadSchema), ...patternsOf(userContextSchema)];
  expect(patterns.length).toBeGreaterThan(3);
  for (const pattern of patterns) {
    const message = describeSchemaError({ keyword: 'pattern', instancePath: '/field', schemaPath: '#', params: { pattern }, message: '' });
    expect(message, pattern).not.toContain(pattern);
  }
});

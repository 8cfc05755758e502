// POST /cancel/api/visit-events/ records a survey visit's events (ids only) and /dev/insights.json sums
// them: outcomes, the funnel, the answers, the offers; bad batches are refused whole, with a clear 4xx.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VisitEvent } from '../../src/model';
import type { VisitInsights } from '../../src/server/dev/visit-insights';
import { testBundle } from './helpers/bundle';
import { Harness, latestKey, startHarness, type Client } from './helpers/harness';
import { batch, event, EVENTS, toDiscountOffer, VERSION, visitOf } from './helpers/visits';


let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness.stop();
});


const storedEvents = async () => (await harness.rows<{ n: number }>('SELECT COUNT(*) AS n FROM visit_events'))[0]?.n ?? 0;

async function insights(query = ''): Promise<VisitInsights> {
  const response = await harness.get(`/dev/insights.json?from=2025-05-01&to=2025-05-01${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as VisitInsights;
}


describe('a visit and its events', () => {
  it('sums three customers: one saved by the discount, one who submits, one who leaves at step 2', async () => {
    await visitOf(await harness.signIn('paid-monthly'), [
      ...toDiscountOffer(),
      event('offer-accepted', 'discount-offer'),
    ]);
    await visitOf(await harness.signIn('paid-monthly'), [
      ...toDiscountOffer(),
      event('offer-declined', 'discount-offer'),
      event('step', 'competitors'),
      event('submitted'),
    ]);
    await visitOf(await harness.signIn('paid-monthly'), [event('answer', 'reason', 'not-using-now'), event('step', 'why-not-using'), event('leave')]);

    const { groups } = await insights('&toolkit=seo');
    expect(groups).toHaveLength(1);
    const [seo] = groups;
    expect(seo).toMatchObject({ toolkit: 'seo', version: VERSION, current: true, visits: 3 });
    expect(seo?.outcomes).toEqual({ saved: 1, cancelled: 1, confirmed: 0, abandoned: 1, open: 0 });
    expect(seo?.savedRate).toBeCloseTo(1 / 3);
    expect(seo?.funnel.map((step) => [step.step, step.reached, step.left])).toEqual([
      ['reason', 3, 0],
      ['why-not-using', 1, 1],
      ['what-could-be-better', 2, 0],
      ['discount-offer', 2, 0],
      ['competitors', 1, 0],
    ]);
    expect(seo?.offers).toEqual([{ step: 'discount-offer', title: expect.any(String) as string, shown: 2, accepted: 1, declined: 1, acceptanceRate: 0.5 }]);
    const reason = seo?.answers.filter((answer) => answer.step === 'reason').map((answer) => [answer.answer, answer.chosen, answer.shown]);
    expect(reason).toEqual([
      ['not-meeting-needs', 2, 3],
      ['not-using-now', 1, 3],
    ]);
    expect(seo?.moves).toContainEqual({ from: 'reason', to: 'what-could-be-better', count: 2 });
    expect(seo?.audiences).toEqual([{ key: 'paid', visits: 3, saved: 1, savedRate: 1 / 3 }]);
    expect(seo?.daily).toEqual([{ key: '2025-05-01', visits: 3, saved: 1, savedRate: 1 / 3 }]);
  });

  it('counts a visit with no event for 30 minutes as abandoned, and one still going as open', async () => {
    const client = await harness.signIn('trial');
    await visitOf(client, [], 'ai');
    let [ai] = (await insights('&toolkit=ai')).groups;
    expect(ai?.outcomes).toMatchObject({ open: 1, abandoned: 0 });
    harness.clock.advance(31 * 60);
    [ai] = (await insights('&toolkit=ai')).groups;
    expect(ai?.outcomes).toMatchObject({ open: 0, abandoned: 1 });
    expect(ai?.funnel).toEqual([{ step: 'reason', title: expect.any(String) as string, reached: 1, left: 1 }]);
    harness.clock.advance(-31 * 60);
  });

  it('records an event once, however often its batch is sent', async () => {
    const client = await harness.signIn('paid-annual');
    const visit = randomUUID();
    const body = batch(visit, [event('visit'), event('step', 'reason')], 'local');
    expect((await client.post(EVENTS, body)).json()).toEqual({ recorded: 2 });
    expect((await client.post(EVENTS, body)).json()).toEqual({ recorded: 0 });
    expect((await harness.rows<{ n: number }>('SELECT COUNT(*) AS n FROM visit_events WHERE visit_id = ?', visit))[0]?.n).toBe(2);
  });

  it('takes a beacon: JSON sent as text/plain, the CSRF token in the body', async () => {
    const client = await harness.signIn('paid-annual');
    const visit = randomUUID();
    const response = await harness.inject({
      method: 'POST',
      url: EVENTS,
      headers: { cookie: `cancel_session=${client.cookie}`, 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify({ ...batch(visit, [event('visit'), event('leave')], 'social'), csrf_token: client.csrfToken }),
    });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('marks the visit confirmed when its cancellation takes effect through the emailed link', async () => {
    const client = await harness.signIn('paid-monthly');
    const visit = await visitOf(client, [event('submitted'), event('email-sent')]);
    const outcome = async () => (await harness.rows<{ outcome: string }>('SELECT outcome FROM survey_visits WHERE visit_id = ?', visit))[0]?.outcome;
    expect(await outcome()).toBe('cancelled');
    expect((await client.post('/cancel/api/seo/send-confirmation-email/', {})).statusCode).toBe(200);
    const key = await latestKey(harness);
    expect((await client.get(`/cancel/api/seo/confirm/?key=${encodeURIComponent(key)}`, { csrf: true })).statusCode).toBe(200);
    expect(await outcome()).toBe('confirmed');
  });

  it('marks confirmed the visit that sent the survey, not a later tab left at a question', async () => {
    const client = await harness.signIn('paid-monthly');
    const sent = await visitOf(client, []);
    harness.clock.advance(5);
    const left = await visitOf(client, [event('leave')]);
    harness.clock.advance(5);
    const more = await client.post(EVENTS, batch(sent, [event('answer', 'reason', 'another-account'), event('step', 'final'), event('submitted'), event('email-sent')]));
    expect(more.statusCode, more.body).toBe(200);
    expect((await client.post('/cancel/api/seo/send-confirmation-email/', {})).statusCode).toBe(200);
    expect((await client.get(`/cancel/api/seo/confirm/?key=${encodeURIComponent(await latestKey(harness))}`, { csrf: true })).statusCode).toBe(200);
    const outcomes = await harness.rows<{ visit_id: string; outcome: string }>('SELECT visit_id, outcome FROM survey_visits WHERE visit_id IN (?, ?)', sent, left);
    expect(Object.fromEntries(outcomes.map((row) => [row.visit_id === sent ? 'sent' : 'left', row.outcome]))).toEqual({ sent: 'confirmed', left: '' });
  });
});

describe('the page of the visits, read aloud', () => {
  it('describes the flow picture by a table of its moves, names each row by a header cell, and puts each group a level below its section', async () => {
    const page = (await harness.get('/dev/insights?from=2025-05-01&to=2025-05-01&toolkit=seo')).body;
    expect(page).toMatch(/<svg id="group-0-flow"[^>]*aria-describedby="group-0-moves group-0-funnel"/);
    const moves = /<table id="group-0-moves">[\s\S]*?<\/table>/.exec(page)?.[0] ?? '';
    expect(moves).toContain('<tr><th scope="row">reason → what-could-be-better</th><td class="num">2</td><td class="num">yes</td></tr>');
    const rows = [...page.matchAll(/<tbody>([\s\S]*?)<\/tbody>/g)].flatMap((body) => (body[1] ?? '').match(/<tr>.*?>/g) ?? []);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row).toBe('<tr><th scope="row">');
    const headings = [...page.matchAll(/<h(\d)[^>]*>([^<]*)</g)].map((m) => [Number(m[1]), m[2]] as const);
    const visits = headings.findIndex(([, text]) => text === 'Visits and what they saved');
    const submissions = headings.findIndex(([, text]) => text === 'Submissions');
    expect(headings[visits]?.[0]).toBe(2);
    expect(headings.slice(visits + 1, submissions).map(([level]) => level)).toEqual(headings.slice(visits + 1, submissions).map(() => 3));
    expect(submissions - visits).toBeGreaterThan(1);
  });
});

describe('a visit that goes Back and on again', () => {
  // reason → why-not-using three times, a second answer chosen, the discount declined, then accepted after Back.
  const backAndForth = () => [
    event('answer', 'reason', 'not-using-now'),
    event('step', 'why-not-using'),
    event('step', 'reason'),
    event('answer', 'reason', 'not-meeting-needs'),
    event('step', 'why-not-using'),
    event('step', 'reason'),
    event('answer', 'reason', 'not-using-now'),
    event('step', 'why-not-using'),
    event('answer', 'why-not-using', 'budget'),
    event('step', 'downgrade-offer'),
    event('offer-shown', 'downgrade-offer'),
    event('offer-declined', 'downgrade-offer'),
    event('step', 'why-not-using'),
    event('step', 'downgrade-offer'),
    event('offer-accepted', 'downgrade-offer'),
  ];

  it('counts each move once, as it counts each answer and offer event once', async () => {
    await visitOf(await harness.signIn('paid-monthly'), backAndForth(), 'content');
    const [content] = (await insights('&toolkit=content')).groups;
    expect(content?.moves).toEqual([
      { from: 'downgrade-offer', to: 'why-not-using', count: 1 },
      { from: 'reason', to: 'why-not-using', count: 1 },
      { from: 'why-not-using', to: 'downgrade-offer', count: 1 },
      { from: 'why-not-using', to: 'reason', count: 1 },
    ]);
    expect(content?.offers).toMatchObject([{ step: 'downgrade-offer', shown: 1, accepted: 1, declined: 1 }]);
    expect(content?.answers.filter((answer) => answer.step === 'reason').map((answer) => [answer.answer, answer.chosen, answer.shown])).toEqual([
      ['not-meeting-needs', 1, 1],
      ['not-using-now', 1, 1],
    ]);
  });

  it('is drawn no wider than its steps, and the tables say they count visits that chose at least once', async () => {
    const page = (await harness.get('/dev/insights?from=2025-05-01&to=2025-05-01&toolkit=content')).body;
    const picture = /<svg id="group-0-flow"[\s\S]*?<\/svg>/.exec(page)?.[0] ?? '';
    const heights = [...picture.matchAll(/<rect class="flow-node"[^>]*height="([\d.]+)"/g)].map((m) => Number(m[1]));
    const widths = [...picture.matchAll(/<path class="flow-link"[^>]*stroke-width="([\d.]+)"/g)].map((m) => Number(m[1]));
    expect(widths.length).toBeGreaterThan(0);
    expect(Math.max(...widths)).toBeLessThanOrEqual(Math.max(...heights));
    expect(page).toContain('those that chose each answer at least once');
    expect(page).toContain('so the shares of a step may add up to more than 100%');
    expect(page).toContain('those that accepted or declined it at least once');
  });
});

describe('survey versions', () => {
  it('are counted apart: a changed survey served on the same database is a second group, the first still there', async () => {
    const first = await startHarness();
    const changed = structuredClone(testBundle());
    const survey = changed.surveys.cancellation;
    if (survey === undefined) throw new Error('the test bundle has no cancellation survey');
    const step = survey.audiences.paid.steps.reason;
    if (step === undefined || !('question' in step)) throw new Error('the cancellation survey has no question "reason"');
    step.question = 'Why are you leaving us?';
    survey.version = 'c0ffee000001';
    // Served a minute later: the versions are listed in the order they were first served.
    const second = new Harness({ sharedDatabase: first.database, bundle: changed });
    second.clock.advance(60);
    await second.start();
    try {
      for (const harnessOfVersion of [first, second]) {
        const client = await harnessOfVersion.signIn('paid-monthly');
        const version = harnessOfVersion === first ? VERSION : 'c0ffee000001';
        const response = await client.post(EVENTS, { ...batch(randomUUID(), [event('visit'), event('step', 'reason')]), version });
        expect(response.statusCode, response.body).toBe(200);
      }
      const report = (await second.get('/dev/insights.json?from=2025-05-01&to=2025-05-01&toolkit=seo')).json() as VisitInsights;
      expect(report.groups.map((group) => [group.version, group.visits, group.current])).toEqual([
        ['c0ffee000001', 1, true],
        [VERSION, 1, false],
      ]);
      expect(report.versions.filter((version) => version.survey === 'cancellation').map((version) => version.version)).toEqual([VERSION, 'c0ffee000001']);
    } finally {
      await second.stop();
      await first.stop();
    }
  });
});

describe('a bad batch is refused whole', () => {
  let client: Client;
  let visit: string;
  beforeAll(async () => {
    client = await harness.signIn('paid-monthly');
    visit = await visitOf(client, []);
  });

  const refusals: { name: string; status: number; code: string; send: () => Promise<{ statusCode: number; body: string }> }[] = [
    { name: 'without the CSRF token', status: 403, code: 'csrf-token-missing', send: () => client.post(EVENTS, batch(visit, [event('step', 'reason')]), { csrf: false }) },
    { name: 'for a visit never started', status: 404, code: 'unknown-visit', send: () => client.post(EVENTS, batch(randomUUID(), [event('step', 'reason')])) },
    {
      name: 'of more than 50 events',
      status: 400,
      code: 'invalid-body',
      send: () => client.post(EVENTS, batch(visit, Array.from({ length: 51 }, () => event('step', 'reason')))),
    },
    {
      name: 'larger than 16 KiB',
      status: 413,
      code: 'body-too-large',
      send: () => client.post(EVENTS, { ...batch(visit, [event('step', 'reason')]), csrf_token: 'x'.repeat(17_000) }),
    },
    { name: 'with free text for a step', status: 400, code: 'invalid-body', send: () => client.post(EVENTS, batch(visit, [event('step', 'I did not like it')])) },
    {
      name: 'with a comment beside the ids',
      status: 400,
      code: 'invalid-body',
      send: () => client.post(EVENTS, batch(visit, [{ ...event('answer', 'reason', 'other'), comment: 'too expensive' } as VisitEvent])),
    },
    { name: 'naming an answer its step does not have', status: 400, code: 'invalid-events', send: () => client.post(EVENTS, batch(visit, [event('answer', 'reason', 'too-expensive')])) },
    { name: 'naming a step the survey does not have', status: 400, code: 'invalid-events', send: () => client.post(EVENTS, batch(visit, [event('step', 'nps')])) },
    {
      name: 'of a version this server never served',
      status: 400,
      code: 'unknown-version',
      send: () => client.post(EVENTS, { ...batch(visit, [event('step', 'reason')]), version: '0123456789ab' }),
    },
  ];

  for (const refusal of refusals) {
    it(`${refusal.name}: ${refusal.status} ${refusal.code}, nothing stored`, async () => {
      const before = await storedEvents();
      const response = await refusal.send();
      expect(response.statusCode, response.body).toBe(refusal.status);
      expect(JSON.parse(response.body)).toMatchObject({ error: refusal.code });
      expect(await storedEvents()).toBe(before);
    });
  }
});

// /dev/insights's filter (audience, language, version) applies to the submissions too, as far as they
// record it: a submission without a visit, or stored before versions were recorded, is left out and
// counted on the page beside the figures. The form offers every toolkit, and its JSON link the same filter.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubmissionInsights } from '../../src/server/dev/dev-insights-page';
import { submissionTable } from '../../src/server/store/submissions';
import { testBundle } from './helpers/bundle';
import { surveyPayload } from './helpers/fixtures';
import { startHarness, type Harness } from './helpers/harness';
import { VERSION, visitOf } from './helpers/visits';

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
  // One submission from a visit (paid, English, this version), one stored without any.
  const client = await harness.signIn('paid-monthly');
  await visitOf(client, []);
  const stored = await client.post('/cancel/api/survey-storage/survey-monitoring/', surveyPayload('mia.monthly@example.com'));
  expect(stored.statusCode, stored.body).toBe(200);
  await submissionTable(await harness.connection()).insert('9', surveyPayload('mia.monthly@example.com'), harness.clock.now());
});
afterAll(async () => {
  await harness.stop();
});

const RANGE = 'from=2025-05-01&to=2025-05-01';

async function submissions(query: string): Promise<SubmissionInsights> {
  const response = await harness.get(`/dev/insights.json?${RANGE}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { submissions: SubmissionInsights }).submissions;
}

describe('the submissions under the filter', () => {
  it('are all counted without one', async () => {
    expect(await submissions('')).toMatchObject({ total: 2, leftOut: 0, unknown: [] });
  });

  for (const [query, total, unknown] of [
    ['&audience=paid', 1, [{ field: 'audience', submissions: 1 }]],
    ['&audience=trial', 0, [{ field: 'audience', submissions: 1 }]],
    ['&language=en', 1, [{ field: 'language', submissions: 1 }]],
    ['&language=de', 0, [{ field: 'language', submissions: 1 }]],
    [`&version=${VERSION}`, 1, [{ field: 'version', submissions: 1 }]],
    [`&version=${VERSION}&audience=paid`, 1, [{ field: 'version', submissions: 1 }, { field: 'audience', submissions: 1 }]],
  ] as const) {
    it(`${query}: only those that match, the one it cannot judge left out and counted`, async () => {
      expect(await submissions(query)).toMatchObject({ total, leftOut: 1, unknown });
    });
  }

  it('are said on the page to be filtered, with those left out and why', async () => {
    const page = (await harness.get(`/dev/insights?${RANGE}&audience=trial&language=en`)).body;
    const part = page.slice(page.indexOf('<h2>Submissions</h2>'));
    expect(part).toContain('No survey was submitted from 2025-05-01 to 2025-05-01 of audience trial, language en.');
    expect(part).toContain('data-left-out="1"');
    expect(part).toContain('1 submission of the range is left out, as the filter cannot tell whether it matches: 1 without their audience (stored without a visit of the survey screen)');
    const paid = (await harness.get(`/dev/insights?${RANGE}&audience=paid`)).body;
    expect(paid.slice(paid.indexOf('<h2>Submissions</h2>'))).toContain('<strong>1</strong> submissions');
  });
});

describe('the form', () => {
  it('offers every toolkit of the bundle, not only those with a submission', async () => {
    const page = (await harness.get(`/dev/insights?${RANGE}`)).body;
    const select = /<select name="toolkit">([\s\S]*?)<\/select>/.exec(page)?.[1] ?? '';
    const offered = [...select.matchAll(/<option value="([^"]+)"/g)].map((m) => m[1]);
    expect(offered).toEqual([...new Set(testBundle().toolkits.map((binding) => binding.toolkit))].sort());
  });

  it('links the JSON of the same range, toolkit and filter', async () => {
    const page = (await harness.get(`/dev/insights?${RANGE}&toolkit=seo&audience=paid&language=en&version=${VERSION}`)).body;
    expect(page).toContain(`<a href="/dev/insights.json?${RANGE.replace('&', '&amp;')}&amp;toolkit=seo&amp;version=${VERSION}&amp;audience=paid&amp;language=en">The same figures as JSON</a>`);
  });
});

// /dev/insights counts the stored submissions per step-1 reason and per path in a date range.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flowSankeySvg } from '../../src/server/dev/dev-insights-flow';
import { chartBars } from '../../src/server/dev/dev-insights-page';
import { insightsOfPayloads } from '../../src/server/store/insights';
import { submissionTable } from '../../src/server/store/submissions';
import { sampleSubmissions, seedDatabase, type SeedSubmission } from '../unit/responses/seed-submissions';
import { testBundle } from './helpers/bundle';
import { startHarness, type Harness } from './helpers/harness';

const DAY = 24 * 60 * 60 * 1000;
const submissions = sampleSubmissions(testBundle());

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
  await seedDatabase(await harness.connection(), submissions);
});
afterAll(async () => {
  await harness.stop();
});

/** The counts worked out here from the payloads, largest first, for comparison with the page. */
function expectedCounts(rows: readonly SeedSubmission[], label: (s: SeedSubmission) => string): [string, number][] {
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(label(row), (counts.get(label(row)) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
}

const reasonOf = (s: SeedSubmission): string => s.payload.survey.first_question?.answers[0] ?? '(no answer chosen: a text-only form)';
const pathOf = (s: SeedSubmission): string => {
  const answers = (['first_question', 'second_question', 'third_question', 'fourth_question'] as const).flatMap((slot) => s.payload.survey[slot]?.answers ?? []);
  const offers = (s.payload.retention ?? []).map((r) => `declined the ${r.kind} offer`);
  return [...answers, ...offers].join(' › ') || '(no answer chosen: a text-only form)';
};

const decode = (html: string): string =>
  html.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** The rows of the page's table `id`: label and count. */
function tableRows(html: string, id: string): [string, number][] {
  const table = new RegExp(`<table id="${id}">([\\s\\S]*?)</table>`).exec(html)?.[1] ?? '';
  return [...table.matchAll(/<tr><th scope="row">([^<]*)<\/th><td class="num">(\d+)<\/td>/g)].map((m) => [decode(m[1] ?? ''), Number(m[2])]);
}

describe('GET /dev/insights', () => {
  it('counts every submission of the range per step-1 reason and per path, in a table and a chart', async () => {
    const response = await harness.get('/dev/insights?from=2025-05-01&to=2025-12-31');
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain(`<strong>${submissions.length}</strong> submissions`);
    expect(tableRows(html, 'reasons-table')).toEqual(expectedCounts(submissions, reasonOf));
    expect(tableRows(html, 'paths-table')).toEqual(expectedCounts(submissions, pathOf));
    // The charts: one bar per reason, and the paths' largest bars with the rest summed.
    const reasons = expectedCounts(submissions, reasonOf);
    const reasonChart = /<svg id="reasons-chart"[\s\S]*?<\/svg>/.exec(html)?.[0] ?? '';
    expect(reasonChart.match(/<rect class="bar"/g)).toHaveLength(reasons.length);
    expect(/<svg id="paths-chart"[\s\S]*?<\/svg>/.exec(html)?.[0]).toContain('class="bar bar--rest"');
    expect([...reasonChart.matchAll(/class="bar-value"[^>]*>(\d+)</g)].map((m) => Number(m[1]))).toEqual(reasons.map(([, n]) => n));
    expect(reasonChart).toMatch(/role="img" aria-labelledby="reasons-chart-title" aria-describedby="reasons-table"/);
    const pathChart = /<svg id="paths-chart"[\s\S]*?<\/svg>/.exec(html)?.[0] ?? '';
    const bars = [...pathChart.matchAll(/class="bar-value"[^>]*>(\d+)</g)].map((m) => Number(m[1]));
    expect(bars.reduce((a, b) => a + b, 0)).toBe(submissions.length);
    expect(html).not.toMatch(/<script(?![^>]*\ssrc=)|<style|\sstyle=/);
  });

  it('counts only the days chosen, both included, and one toolkit when chosen', async () => {
    const inRange = submissions.filter((s) => s.createdAt >= Date.parse('2025-05-03') && s.createdAt < Date.parse('2025-05-07') + DAY);
    const html = (await harness.get('/dev/insights?from=2025-05-03&to=2025-05-07')).body;
    expect(inRange).toHaveLength(5);
    expect(html).toContain('<strong>5</strong> submissions');
    expect(tableRows(html, 'reasons-table')).toEqual(expectedCounts(inRange, reasonOf));

    const seo = submissions.filter((s) => s.toolkit === 'seo');
    const seoHtml = (await harness.get('/dev/insights?from=2025-01-01&to=2025-12-31&toolkit=seo')).body;
    expect(seoHtml).toContain(`<strong>${seo.length}</strong> submissions`);
    expect(tableRows(seoHtml, 'paths-table')).toEqual(expectedCounts(seo, pathOf));
    expect(seoHtml).toContain('<option value="seo" selected>seo</option>');
  });

  it('says so when the range has no submission', async () => {
    const html = (await harness.get('/dev/insights?from=2024-01-01&to=2024-01-31')).body;
    expect(html).toContain('No survey was submitted from 2024-01-01 to 2024-01-31.');
  });

  it('defaults to the last 30 days (the clock of the server)', async () => {
    const html = (await harness.get('/dev/insights')).body;
    expect(html).toContain('name="from" value="2025-04-02"');
    expect(html).toContain('name="to" value="2025-05-01"');
    expect(html).toContain('<strong>1</strong> submissions');
  });

  for (const [query, message] of [
    ['from=2025-02-30&to=2025-03-01', "From: '2025-02-30' is not a date written as YYYY-MM-DD."],
    ['from=2025-05-01&to=May', "To: 'May' is not a date written as YYYY-MM-DD."],
    ['from=2025-05-10&to=2025-05-01', 'To (2025-05-01) is before From (2025-05-10).'],
    ['from=2025-05-01&to=2025-05-01&toolkit=%00', "Toolkit: '\u0000' is none of "],
    ['from=2025-05-01&to=2025-05-01&version=nope', "Version: 'nope' was never served."],
  ] as const) {
    it(`refuses ${query} with a message on the page`, async () => {
      const response = await harness.get(`/dev/insights?${query}`);
      expect(response.statusCode).toBe(400);
      expect(decode(response.body)).toContain(message);
      expect(response.body).toContain('role="alert"');
    });
  }

  it('leaves the database as it was: the insights only read', async () => {
    const stored = await submissionTable(await harness.connection()).storedIn({ from: 0, to: Date.parse('2030-01-01') });
    expect(insightsOfPayloads(stored.map((submission) => submission.payload)).total).toBe(submissions.length);
    expect((await harness.counts()).survey_submissions).toBe(submissions.length);
  });
});

describe('chartBars', () => {
  it('keeps up to 12 bars and sums the rest into the last', () => {
    const counts = Array.from({ length: 15 }, (_, i) => ({ label: `p${i}`, count: 20 - i }));
    const bars = chartBars(counts);
    expect(bars).toHaveLength(12);
    expect(bars[11]).toEqual({ label: 'the 4 other rows of the table', count: 9 + 8 + 7 + 6, rest: true });
    expect(chartBars(counts.slice(0, 12))).toHaveLength(12);
  });
});

describe('flowSankeySvg', () => {
  it('draws no arrow wider than the steps it joins, even from counts above their visits (as kept before moves were counted once per visit)', () => {
    const funnel = [
      { step: 'reason', title: 'Reason', reached: 1, left: 0 },
      { step: 'why-not-using', title: 'Why', reached: 1, left: 0 },
    ];
    const svg = flowSankeySvg(funnel, [{ from: 'reason', to: 'why-not-using', count: 3 }], new Set(['reason>why-not-using']), { id: 'f', title: 'Flow', describedBy: 'f-moves' });
    const height = Number(/viewBox="0 0 \d+ (\d+)"/.exec(svg)?.[1]);
    const node = Math.max(...[...svg.matchAll(/<rect class="flow-node"[^>]*height="([\d.]+)"/g)].map((m) => Number(m[1])));
    const width = Number(/stroke-width="([\d.]+)"/.exec(svg)?.[1]);
    expect(width).toBeGreaterThan(0);
    expect(width).toBeLessThanOrEqual(node);
    expect(node).toBeLessThanOrEqual(height);
  });
});

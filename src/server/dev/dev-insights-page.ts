// GET /dev/insights: the date-range form, the totals, and per step-1 reason and per path a bar chart
// with the table of the same numbers beside it.
import { escapeHtml as e } from '../html';
import { AUDIENCES, LANGUAGES, type CompiledBundle } from '../../model';
import type { Count, Insights } from '../store/insights';
import type { ServedVersion, VisitFilter } from '../store/visits';
import { barChartSvg, type Bar } from './dev-insights-chart';
import { visitSections } from './dev-insights-visits';
import { devToolsPage } from './dev-survey-layout';
import type { VisitInsights } from './visit-insights';

/** The filter's fields beyond the toolkit that a submission may not record, so may not be judged by. */
export const SUBMISSION_FIELDS = ['version', 'audience', 'language'] as const;
/** The version is the submission's own (recorded since versions were); the audience and language its visit's. */
export type SubmissionField = (typeof SUBMISSION_FIELDS)[number];

/** The submissions' counts under the form's filter, and those it left out for not recording a filtered field. */
export interface SubmissionInsights extends Insights {
  /** Per filtered field, how many submissions of the range do not record it (one may lack several). */
  unknown: { field: SubmissionField; submissions: number }[];
  /** The submissions left out of the counts: those lacking any filtered field. */
  leftOut: number;
}

/** What the page shows: the chosen range and toolkit, and either the counts or what was wrong with the form. */
export interface InsightsView {
  from: string;
  to: string;
  toolkit: string | undefined;
  /** The toolkits the form offers: the bundle's pages and any with a submission or a visit. */
  toolkits: readonly string[];
  insights?: SubmissionInsights;
  error?: string;
  /** The visits' filter beyond the toolkit: audience, language, version. */
  filter?: VisitFilter['where'];
  /** The survey versions the server has served, for the form's choice. */
  versions?: readonly ServedVersion[];
  /** The retention figures of the visits (store/visits.ts). */
  visits?: VisitInsights;
}

const percent = (count: number, total: number): string => `${total === 0 ? 0 : Math.round((count / total) * 100)}%`;

/** Bars a chart draws at most; the rest are summed into one last bar (the table lists every row). */
export const CHART_BARS = 12;

/** The bars of a chart: the largest counts, and the others summed into one bar. */
export function chartBars(counts: readonly Count[], limit: number = CHART_BARS): Bar[] {
  if (counts.length <= limit) return [...counts];
  const rest = counts.slice(limit - 1);
  const label = `the ${rest.length} other rows of the table`;
  return [...counts.slice(0, limit - 1), { label, count: rest.reduce((sum, item) => sum + item.count, 0), rest: true }];
}

function chartRow(id: string, heading: string, column: string, counts: readonly Count[], total: number): string {
  const tableId = `${id}-table`;
  const bars = chartBars(counts);
  const rows = counts
    .map((item) => `<tr><th scope="row">${e(item.label)}</th><td class="num">${item.count}</td><td class="num">${percent(item.count, total)}</td></tr>`)
    .join('\n');
  return `<section aria-labelledby="${id}-heading">
<h3 id="${id}-heading">${e(heading)}</h3>
<div class="chart-row">
<figure class="chart panel">
${barChartSvg(bars, { id: `${id}-chart`, title: `Bar chart: ${heading.toLowerCase()}; the table beside it lists the same numbers`, describedBy: tableId })}
${bars.length < counts.length ? `<figcaption class="muted">The ${CHART_BARS - 1} largest, and the other ${counts.length - bars.length + 1} together; the table lists them all.</figcaption>` : ''}
</figure>
<div class="panel">
<table id="${tableId}">
<caption>${e(heading)}</caption>
<thead><tr><th scope="col">${e(column)}</th><th scope="col" class="num">Submissions</th><th scope="col" class="num">Share</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
</div>
</div>
</section>`;
}

function choice(label: string, name: string, all: string, values: readonly string[], current: string | undefined): string {
  const options = [`<option value=""${current === undefined ? ' selected' : ''}>${e(all)}</option>`]
    .concat(values.map((value) => `<option value="${e(value)}"${value === current ? ' selected' : ''}>${e(value)}</option>`))
    .join('');
  return `<label>${e(label)} <select name="${e(name)}">${options}</select></label>`;
}

function form(view: InsightsView): string {
  const toolkits = [`<option value=""${view.toolkit === undefined ? ' selected' : ''}>all toolkits</option>`]
    .concat(view.toolkits.map((toolkit) => `<option value="${e(toolkit)}"${toolkit === view.toolkit ? ' selected' : ''}>${e(toolkit)}</option>`))
    .join('');
  return `<form class="dev-form panel" method="get" action="/dev/insights">
<label>From <input type="date" name="from" value="${e(view.from)}" required></label>
<label>To <input type="date" name="to" value="${e(view.to)}" required></label>
<label>Toolkit <select name="toolkit">${toolkits}</select></label>
${choice('Audience', 'audience', 'all audiences', AUDIENCES, view.filter?.audience)}
${choice('Language', 'language', 'all languages', LANGUAGES, view.filter?.language)}
${choice('Version', 'version', 'all versions, each apart', (view.versions ?? []).map((v) => v.version), view.filter?.version)}
<button type="submit">Show</button>
</form>`;
}

/** The filter's fields beyond the toolkit, as the page names them: "audience trial, language de". */
function filterWords(filter: VisitFilter['where'] | undefined): string {
  return SUBMISSION_FIELDS.flatMap((field) => (filter?.[field] === undefined ? [] : [`${field} ${filter[field]}`])).join(', ');
}

/** Why a submission may not record a field. */
const UNRECORDED: Record<SubmissionField, string> = {
  version: 'stored before survey versions were recorded',
  audience: 'stored without a visit of the survey screen',
  language: 'stored without a visit of the survey screen',
};

/** Which submissions the filter keeps, said beside their figures. */
function keptNotice(words: string): string {
  return words === ''
    ? ''
    : `<p class="muted">Only the submissions of ${e(words)} are counted: the version is the one the submission recorded, the audience and language those of the visit it came from.</p>`;
}

/** The submissions the filter left out as it cannot judge them, and why. */
function leftOutNotice(insights: SubmissionInsights): string {
  if (insights.leftOut === 0) return '';
  const one = insights.leftOut === 1;
  const why = insights.unknown.map((count) => `${count.submissions} without their ${count.field} (${UNRECORDED[count.field]})`).join('; ');
  return `<p class="notice" data-left-out="${insights.leftOut}">${insights.leftOut} ${one ? 'submission' : 'submissions'} of the range ${one ? 'is' : 'are'} left out, as the filter cannot tell whether ${one ? 'it matches' : 'they match'}: ${e(why)}.</p>`;
}

function results(view: InsightsView): string {
  if (view.error !== undefined) return `<p class="error" role="alert">${e(view.error)}</p>`;
  const insights = view.insights;
  const words = filterWords(view.filter);
  const leftOut = insights === undefined ? '' : leftOutNotice(insights);
  if (insights === undefined || insights.total === 0) {
    return `<p class="notice">No survey was submitted from ${e(view.from)} to ${e(view.to)}${view.toolkit ? ` for ${e(view.toolkit)}` : ''}${words === '' ? '' : ` of ${e(words)}`}.</p>
${leftOut}`;
  }
  return `${keptNotice(words)}
${leftOut}
<ul class="totals">
<li><strong>${insights.total}</strong> submissions</li>
<li><strong>${insights.reasons.length}</strong> different step-1 reasons</li>
<li><strong>${insights.paths.length}</strong> different paths</li>
</ul>
${chartRow('reasons', 'Submissions per step-1 reason', 'Reason (step 1)', insights.reasons, insights.total)}
${chartRow('paths', 'Submissions per path', 'Path: the answers chosen, in order', insights.paths, insights.total)}`;
}

/** The JSON of the figures shown: the same range, toolkit and filter. */
function jsonLink(view: InsightsView): string {
  const query = new URLSearchParams({ from: view.from, to: view.to });
  if (view.toolkit !== undefined) query.set('toolkit', view.toolkit);
  for (const field of SUBMISSION_FIELDS) {
    const value = view.filter?.[field];
    if (value !== undefined) query.set(field, value);
  }
  return `/dev/insights.json?${query.toString()}`;
}

/** The whole /dev/insights page. */
export function insightsPage(view: InsightsView, bundle: CompiledBundle): string {
  return devToolsPage({
    title: 'Survey insights',
    current: '/dev/insights',
    body: `<p class="lead">What the stored survey submissions say, from the first to the last day chosen (both included, UTC). A path is the answers chosen on steps 1 to 4, then any retention offer declined; the export (<code>npm run responses:export</code>) writes the same paths.</p>
${form(view)}
<h2>Visits and what they saved</h2>
<p class="muted">A visit starts when the survey screen shows. It is saved when the customer accepts an offer or downgrade or chooses to stay, cancelled when the survey is sent, confirmed when the cancellation takes effect, and abandoned when the page is left without any of these, or after 30 minutes without an event. Each survey version, and each experiment variant, is counted apart. <a href="${e(jsonLink(view))}">The same figures as JSON</a>.</p>
${view.visits && view.error === undefined ? visitSections(view.visits, bundle) : ''}
<h2>Submissions</h2>
${results(view)}`,
  });
}

// The retention sections of /dev/insights: per toolkit, survey version and variant, the visits and how
// they ended, the funnel, the answers' shares, the offers, the paths as a flow picture and the days;
// then each experiment's variants with their intervals and the sample-ratio check.
import type { CompiledBundle } from '../../model';
import { escapeHtml as e } from '../html';
import { barChartSvg } from './dev-insights-chart';
import { flowSankeySvg } from './dev-insights-flow';
import type { ServedVersion } from '../store/visits';
import { expectedCounts, SRM_MIN_EXPECTED } from './experiment-stats';
import { graphMoves, shownSurvey, type ExperimentReport, type ExperimentResults, type GroupReport, type Move, type VariantFigures, type VisitInsights, type VisitShare } from './visit-insights';

const pct = (value: number): string => `${(value * 100).toFixed(1)}%`;

/** A table whose first column names each row (its header cell, for assistive technology) and whose others are figures. */
function table(id: string, caption: string, head: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const cells = (row: readonly (string | number)[]) =>
    row.map((cell, index) => (index > 0 ? `<td class="num">${e(String(cell))}</td>` : `<th scope="row">${e(String(cell))}</th>`)).join('');
  return `<table id="${e(id)}">
<caption>${e(caption)}</caption>
<thead><tr>${head.map((h, i) => `<th scope="col"${i > 0 ? ' class="num"' : ''}>${e(h)}</th>`).join('')}</tr></thead>
<tbody>
${rows.map((row) => `<tr>${cells(row)}</tr>`).join('\n')}
</tbody>
</table>`;
}

const shareRows = (shares: readonly VisitShare[]) => shares.map((share) => [share.key, share.visits, share.saved, pct(share.savedRate)]);

function groupName(group: GroupReport): string {
  const variant = group.experiment === '' ? '' : ` · experiment ${group.experiment}, variant ${group.variant}`;
  const commit = group.commit ? ` (commit ${group.commit})` : '';
  return `${group.toolkit} · version ${group.version}${commit}${group.current ? ', served now' : ', served before'}${variant}`;
}

// Each figure counts visits, each at most once: a visit that goes Back and chooses again counts for each answer it chose.
const ANSWERS_CAPTION =
  'Answers: of the visits shown each step, those that chose each answer at least once. A visit that went Back and chose another answer counts for both, so the shares of a step may add up to more than 100%.';
const OFFERS_CAPTION =
  'Retention offers: the visits shown each offer, and those that accepted or declined it at least once. A visit that declined, went Back and accepted counts as both.';

/**
 * The moves of a group's visits as a table, the flow picture's description: each move's visits, and
 * whether the picture draws it (an arrow of the flow) or not (a way back, or a version without a picture).
 */
function movesTable(id: string, moves: readonly Move[], edges: ReadonlySet<string> | undefined): string {
  const drawn = (move: Move) => (edges?.has(`${move.from}>${move.to}`) ? 'yes' : 'no');
  return table(
    id,
    'Moves: the visits that went from one step straight to another, each once; the picture draws those along the arrows of the flow',
    ['From → to', 'Visits', 'Drawn'],
    moves.map((move) => [`${move.from} → ${move.to}`, move.count, drawn(move)]),
  );
}

function groupSection(group: GroupReport, index: number, bundle: CompiledBundle): string {
  const id = `group-${index}`;
  const { outcomes } = group;
  const survey = shownSurvey(bundle, group);
  const edges = survey === undefined ? undefined : graphMoves(survey);
  const picture =
    edges === undefined
      ? '<p class="muted">The flow picture needs the compiled survey of this version; the server serves another now. The tables hold its figures.</p>'
      : flowSankeySvg(group.funnel, group.moves, edges, {
          id: `${id}-flow`,
          title: `The paths of ${group.toolkit}'s visits: each step as tall as the visits that reached it, each arrow as wide as the visits that took it; the tables of moves and of the funnel give the numbers`,
          describedBy: `${id}-moves ${id}-funnel`,
        });
  return `<section class="visit-group" aria-labelledby="${id}-heading" data-toolkit="${e(group.toolkit)}" data-version="${e(group.version)}" data-variant="${e(group.variant)}">
<h3 id="${id}-heading">${e(groupName(group))}</h3>
<ul class="totals">
<li><strong data-figure="visits">${group.visits}</strong> visits</li>
<li><strong data-figure="saved">${outcomes.saved}</strong> saved</li>
<li><strong data-figure="cancelled">${outcomes.cancelled}</strong> cancelled</li>
<li><strong data-figure="confirmed">${outcomes.confirmed}</strong> confirmed</li>
<li><strong data-figure="abandoned">${outcomes.abandoned}</strong> abandoned</li>
<li><strong data-figure="open">${outcomes.open}</strong> still open</li>
<li><strong data-figure="saved-rate">${pct(group.savedRate)}</strong> saved rate</li>
</ul>
<div class="panel">${table(`${id}-funnel`, 'Funnel: visits that reached each step, and that were abandoned there', ['Step', 'Reached', 'Left here'], group.funnel.map((step) => [`${step.title} (${step.step})`, step.reached, step.left]))}</div>
<figure class="panel flow-picture">${picture}</figure>
<div class="panel">${movesTable(`${id}-moves`, group.moves, edges)}</div>
<div class="panel">${table(`${id}-answers`, ANSWERS_CAPTION, ['Step · answer', 'Visits that chose it', 'Visits shown the step', 'Share'], group.answers.map((a) => [`${a.step} · ${a.text}`, a.chosen, a.shown, pct(a.share)]))}</div>
<div class="panel">${table(`${id}-offers`, OFFERS_CAPTION, ['Offer', 'Visits shown it', 'Accepted', 'Declined', 'Acceptance rate'], group.offers.map((o) => [`${o.title} (${o.step})`, o.shown, o.accepted, o.declined, pct(o.acceptanceRate)]))}</div>
<div class="panel">${table(`${id}-audiences`, 'Per audience', ['Audience', 'Visits', 'Saved', 'Saved rate'], shareRows(group.audiences))}</div>
<div class="panel">${table(`${id}-languages`, 'Per language', ['Language', 'Visits', 'Saved', 'Saved rate'], shareRows(group.languages))}</div>
<div class="chart-row">
<figure class="chart panel">${barChartSvg(
    group.daily.map((day) => ({ label: `${day.key}: ${pct(day.savedRate)} saved`, count: day.visits })),
    { id: `${id}-days`, title: `Visits per day, each with its saved rate; the table beside it lists the same numbers`, describedBy: `${id}-daily` },
  )}</figure>
<div class="panel">${table(`${id}-daily`, 'Per day (UTC)', ['Day', 'Visits', 'Saved', 'Saved rate'], shareRows(group.daily))}</div>
</div>
</section>`;
}

/** A rate's difference in percentage points, signed: "+5.0". */
const points = (value: number): string => `${value > 0 ? '+' : ''}${(value * 100).toFixed(1)}`;

/** A variant's saved rate with its interval, or that it has no visit to have one. */
function savedRateCell(variant: VariantFigures): string {
  return variant.visits === 0 ? 'no visits' : `${pct(variant.savedRate.rate)} (${pct(variant.savedRate.low)} to ${pct(variant.savedRate.high)})`;
}

/** A variant's difference to the control in percentage points, with its interval; empty for the control and while either has no visit. */
function differenceCell(variant: VariantFigures): string {
  const difference = variant.difference;
  return difference === undefined ? '' : `${points(difference.difference)} pp (${points(difference.low)} to ${points(difference.high)} pp)`;
}

/** The variant as the table names it: the control said so, unless its name says it already. */
const variantName = (variant: VariantFigures): string => (variant.control && variant.id !== 'control' ? `${variant.id} (control)` : variant.id);

/** What the sample-ratio check of the customers' split says: too few to check, a mismatch, or no sign of one. */
function sampleRatioNotice(results: ExperimentResults): string {
  const ratio = results.sampleRatio;
  const customers = results.variants.map((variant) => variant.customers);
  const total = customers.reduce((sum, count) => sum + count, 0);
  if (ratio.tooSmall) {
    const expected = expectedCounts(
      customers,
      results.variants.map((variant) => variant.weight),
    );
    const fewest = Math.min(...expected);
    const variant = results.variants[expected.indexOf(fewest)]?.id ?? '';
    return `<p class="muted">Too few customers (${total}) to check their split against the weights: the check needs every variant to expect at least ${SRM_MIN_EXPECTED}, and ${e(variant)} expects ${fewest.toFixed(1)}.</p>`;
  }
  if (ratio.mismatch) {
    return `<p class="error" role="alert">Sample ratio mismatch: the ${total} customers split off the weights (chi-square ${ratio.chiSquare.toFixed(2)}, p = ${ratio.p.toExponential(2)} &lt; 0.001). Look for a bug in the assignment or the recording before reading the rates.</p>`;
  }
  return `<p class="muted">No sign of a mismatch between the split of the ${total} customers and the weights (chi-square ${ratio.chiSquare.toFixed(2)}, p = ${ratio.p.toFixed(3)}).</p>`;
}

/** The check of the customers' split, and the table of the variants, of results over some versions. */
function resultsBlock(id: string, caption: string, results: ExperimentResults): string {
  const rows = results.variants.map((v) => [variantName(v), v.weight, v.customers, v.visits, v.saved, savedRateCell(v), differenceCell(v)]);
  return `${sampleRatioNotice(results)}
<div class="panel">${table(id, caption, ['Variant', 'Weight', 'Customers', 'Visits', 'Saved', 'Saved rate', 'Difference to control'], rows)}</div>`;
}

/** A survey version as the page names it: with its commit where the server knew it. */
function versionName(version: string, served: readonly ServedVersion[]): string {
  const commit = served.find((candidate) => candidate.version === version)?.commit;
  return `${version}${commit ? ` (commit ${commit})` : ''}`;
}

/** Which survey versions the results add together, said before them (decision 105). */
function versionsNotice(report: ExperimentReport, served: readonly ServedVersion[]): string {
  const names = report.versions.map((version) => e(versionName(version, served)));
  if (names.length === 1) return `<p class="muted">Its visits in the range were all shown survey version ${names[0] ?? ''}.</p>`;
  return `<p class="notice">These results add together the visits of ${names.length} survey versions: ${names.join(', ')}. Each version's own results follow.</p>`;
}

/** The caption of a table of variants; `scope` says which versions' visits it counts. */
const variantsCaption = (scope: string): string =>
  `Variants${scope}: saved rate with its 95% interval, and the difference to the control in percentage points (pp) with its 95% interval`;

function experimentSection(report: ExperimentReport, index: number, served: readonly ServedVersion[]): string {
  const id = `experiment-${index}`;
  const perVersion =
    report.byVersion.length > 1
      ? report.byVersion.map((results, n) => resultsBlock(`${id}-version-${n}-variants`, variantsCaption(` of version ${versionName(results.version, served)} only`), results))
      : [];
  const together = report.versions.length > 1 ? variantsCaption(`, the ${report.versions.length} versions added together`) : variantsCaption('');
  return `<section aria-labelledby="${id}-heading" data-experiment="${e(report.id)}">
<h3 id="${id}-heading">Experiment ${e(report.id)} on ${e(report.survey)}, ${e(report.start)} to ${e(report.end)}</h3>
${versionsNotice(report, served)}
${resultsBlock(`${id}-variants`, together, report)}
${perVersion.join('\n')}
</section>`;
}

/** The retention sections of the page, or a notice that no visit started in the range. */
export function visitSections(insights: VisitInsights, bundle: CompiledBundle): string {
  if (insights.groups.length === 0) return `<p class="notice">No visit of the survey screen started from ${e(insights.from)} to ${e(insights.to)}.</p>`;
  return [...insights.groups.map((group, index) => groupSection(group, index, bundle)), ...insights.experiments.map((report, index) => experimentSection(report, index, insights.versions))].join('\n');
}

// The retention figures of /dev/insights and /dev/insights.json: what the visits of the survey screen
// did, per toolkit, survey version and experiment variant, from the counts the database sums
// (store/visits.ts). Versions are never added together: each has its own group.
import { flowEdges, stepTextValues } from '../../engine';
import { applyOverlay } from '../../engine/overlay';
import { AUDIENCES, LANGUAGES, VISIT_IDLE_MS, type CompiledBundle, type CompiledExperiment, type CompiledSurvey, type StepId } from '../../model';
import type { DailyCountRow, EventCountRow, ExperimentCustomersRow, ServedVersion, VisitCountRow, VisitFilter, VisitTables } from '../store/visits';
import { differenceOfCounted, proportionInterval, sampleRatioMismatch, tooFewToCheck } from './experiment-stats';

export interface Outcomes {
  saved: number;
  cancelled: number;
  confirmed: number;
  abandoned: number;
  /** Visits not left whose last event is under 30 minutes old: they may still go on. */
  open: number;
}

/** Visits and how many were saved, of one audience, language or day. */
export interface VisitShare {
  key: string;
  visits: number;
  saved: number;
  savedRate: number;
}

/** One step of the funnel: how many visits reached it, and how many were abandoned there. */
export interface FunnelStep {
  step: StepId;
  title: string;
  reached: number;
  left: number;
}

/**
 * An answer: how many of the visits shown its step chose it at least once. A visit that goes Back and
 * chooses another counts for both, so the shares of a step may add up to more than 1.
 */
export interface AnswerShare {
  step: StepId;
  answer: string;
  text: string;
  chosen: number;
  shown: number;
  share: number;
}

/** An offer: the visits shown it, and those that accepted or declined it at least once (a visit may do both, going Back). */
export interface OfferFigures {
  step: StepId;
  title: string;
  shown: number;
  accepted: number;
  declined: number;
  acceptanceRate: number;
}

/** Visits that went from one step straight to the next, each once however often it did (the flow picture's widths). */
export interface Move {
  from: StepId;
  to: StepId;
  count: number;
}

/** Everything about the visits of one toolkit, survey version and variant. */
export interface GroupReport {
  toolkit: string;
  survey: string;
  version: string;
  /** The commit the version was compiled from, where the server knew it. */
  commit: string | null;
  /** Whether this is the version the server serves now (only it has step titles and the flow picture). */
  current: boolean;
  experiment: string;
  variant: string;
  visits: number;
  outcomes: Outcomes;
  savedRate: number;
  audiences: VisitShare[];
  languages: VisitShare[];
  funnel: FunnelStep[];
  answers: AnswerShare[];
  offers: OfferFigures[];
  moves: Move[];
  daily: VisitShare[];
}

export interface VariantFigures {
  id: string;
  weight: number;
  control: boolean;
  visits: number;
  /** The customers with a visit in the variant, each once: what the weights split. */
  customers: number;
  saved: number;
  savedRate: { rate: number; low: number; high: number };
  /** The saved rate's difference to the control's, with its 95% interval (absent for the control, and while either has no visit). */
  difference?: { difference: number; low: number; high: number };
}

/** Whether the customers split off the weights: Pearson's chi-square, p < 0.001 warns. */
export interface SampleRatio {
  chiSquare: number;
  p: number;
  mismatch: boolean;
  /** Too few customers to check: some variant is expected to have fewer than 5 (SRM_MIN_EXPECTED), so no mismatch is claimed. */
  tooSmall: boolean;
}

/** An experiment's variants and their split, over the visits of some survey versions. */
export interface ExperimentResults {
  variants: VariantFigures[];
  sampleRatio: SampleRatio;
}

/** An experiment's results over the visits of one survey version. */
export interface ExperimentVersionReport extends ExperimentResults {
  version: string;
}

export interface ExperimentReport extends ExperimentResults {
  id: string;
  survey: string;
  start: string;
  end: string;
  /** The survey versions whose visits `variants` adds together, oldest first; more than one: read `byVersion`, which keeps them apart. */
  versions: string[];
  /** The same results for each of `versions` apart, oldest first (decision 105: versions are never added silently). */
  byVersion: ExperimentVersionReport[];
}

/**
 * The figures of /dev/insights.json (DESIGN §9, a contract): the range's totals at the top (`visits`,
 * each outcome, the funnel, the offers: every group added together, said so by `versionsInRange`),
 * then each toolkit, version and variant apart in `groups`, the versions served and the experiments.
 */
export interface VisitInsights extends Outcomes {
  from: string;
  to: string;
  filter: VisitFilter['where'];
  visits: number;
  savedRate: number;
  /** The versions the totals add together; more than one: read `groups`, which keeps them apart. */
  versionsInRange: string[];
  funnel: FunnelStep[];
  offers: OfferFigures[];
  versions: ServedVersion[];
  groups: GroupReport[];
  experiments: ExperimentReport[];
}

const rate = (part: number, whole: number): number => (whole === 0 ? 0 : part / whole);

const groupKey = (row: { toolkit: string; version: string; experiment: string; variant: string }): string =>
  [row.toolkit, row.version, row.experiment, row.variant].join('\u0000');

function emptyOutcomes(): Outcomes {
  return { saved: 0, cancelled: 0, confirmed: 0, abandoned: 0, open: 0 };
}

/** Adds `visits` (of which `saved`) to the share keyed `key`. */
function addShare(shares: Map<string, VisitShare>, key: string, visits: number, saved: number): void {
  const share = shares.get(key) ?? { key, visits: 0, saved: 0, savedRate: 0 };
  share.visits += visits;
  share.saved += saved;
  shares.set(key, share);
}

function sharesIn(shares: Map<string, VisitShare>, order?: readonly string[]): VisitShare[] {
  const list = [...shares.values()].map((share) => ({ ...share, savedRate: rate(share.saved, share.visits) }));
  if (order) return list.sort((a, b) => order.indexOf(a.key) - order.indexOf(b.key));
  return list.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** The steps of a survey in the order the funnel lists them: the paid flow's, then the trial flow's own. */
function stepOrder(survey: CompiledSurvey | undefined): StepId[] {
  if (survey === undefined) return [];
  const ids: StepId[] = [];
  for (const audience of [...AUDIENCES].reverse()) for (const id of survey.audiences[audience].order) if (!ids.includes(id)) ids.push(id);
  return ids;
}

/** An English text with the values its simple placeholders name (an offer's `{percent}`). */
const withValues = (text: string, values: Record<string, string | number | undefined> = {}): string =>
  text.replace(/\{(\w+)\}/g, (placeholder, name: string) => (values[name] === undefined ? placeholder : String(values[name])));

/** A step's English title and an answer's English text, from the survey served now. */
function namesOf(survey: CompiledSurvey | undefined) {
  const steps = new Map<StepId, { title: string; answers: Map<string, string> }>();
  for (const audience of AUDIENCES) {
    for (const step of Object.values(survey?.audiences[audience].steps ?? {})) {
      const answers = new Map<string, string>('answers' in step ? step.answers.map((answer) => [answer.id, answer.text] as [string, string]) : []);
      steps.set(step.id, { title: withValues(step.title, stepTextValues(step)), answers });
    }
  }
  return {
    title: (id: StepId) => steps.get(id)?.title ?? id,
    answer: (step: StepId, id: string) => steps.get(step)?.answers.get(id) ?? id,
  };
}

/** The edges of the survey's flows (either audience), as `from>to`: the moves the flow picture draws. */
export function graphMoves(survey: CompiledSurvey | undefined): Set<string> {
  const moves = new Set<string>();
  if (survey === undefined) return moves;
  for (const audience of AUDIENCES) for (const edge of flowEdges(survey.audiences[audience])) moves.add(`${edge.from}>${edge.to}`);
  return moves;
}

/**
 * The survey a group's visits were shown, where the server serves their version now: the compiled
 * survey overlaid by the group's experiment variant, whose placement may move an offer's arrows and
 * whose discount may change an offer's title. Undefined for a version served before.
 */
export function shownSurvey(bundle: CompiledBundle, group: Pick<GroupReport, 'survey' | 'current' | 'experiment' | 'variant'>): CompiledSurvey | undefined {
  const survey = bundle.surveys[group.survey];
  if (survey === undefined || !group.current) return undefined;
  const experiment = bundle.experiments.find((candidate) => candidate.id === group.experiment && candidate.survey === survey.id);
  const variant = experiment?.variants.find((candidate) => candidate.id === group.variant);
  return variant === undefined ? survey : applyOverlay(survey, variant.overlay);
}

/** Builds one group's report from its rows. */
function groupReport(
  first: VisitCountRow,
  visitRows: readonly VisitCountRow[],
  dailyRows: readonly DailyCountRow[],
  eventRows: readonly EventCountRow[],
  bundle: CompiledBundle,
  versions: readonly ServedVersion[],
): GroupReport {
  const served = versions.find((version) => version.version === first.version);
  const surveyId = served?.survey ?? bundle.toolkits.find((binding) => binding.toolkit === first.toolkit)?.survey ?? '';
  const survey = bundle.surveys[surveyId];
  const current = survey?.version === first.version;
  const shown = shownSurvey(bundle, { survey: surveyId, current, experiment: first.experiment, variant: first.variant });
  const names = namesOf(shown);
  const outcomes = emptyOutcomes();
  const audiences = new Map<string, VisitShare>();
  const languages = new Map<string, VisitShare>();
  const daily = new Map<string, VisitShare>();
  const left = new Map<StepId, number>();
  let visits = 0;
  for (const row of visitRows) {
    visits += row.visits;
    const saved = row.outcome === 'saved' ? row.visits : 0;
    if (row.outcome === 'saved' || row.outcome === 'cancelled' || row.outcome === 'confirmed') outcomes[row.outcome] += row.visits;
    else {
      outcomes.abandoned += row.idle;
      outcomes.open += row.visits - row.idle;
      if (row.idle > 0 && row.lastStep !== '') left.set(row.lastStep, (left.get(row.lastStep) ?? 0) + row.idle);
    }
    addShare(audiences, row.audience, row.visits, saved);
    addShare(languages, row.language, row.visits, saved);
  }
  for (const row of dailyRows) addShare(daily, row.day, row.visits, row.outcome === 'saved' ? row.visits : 0);
  const counted = (metric: string) => eventRows.filter((row) => row.metric === metric);
  const total = (metric: string, step: string, answer?: string) =>
    counted(metric)
      .filter((row) => row.step === step && (answer === undefined || row.answer === answer))
      .reduce((sum, row) => sum + row.count, 0);
  const reachedSteps = new Set(counted('step').map((row) => row.step));
  const order = stepOrder(shown);
  const funnelSteps = [...order.filter((id) => reachedSteps.has(id)), ...[...reachedSteps].filter((id) => !order.includes(id)).sort()];
  const funnel = funnelSteps.map((step) => ({ step, title: names.title(step), reached: total('step', step), left: left.get(step) ?? 0 }));
  const answerKeys = new Map<string, { step: string; answer: string }>();
  for (const row of counted('answer')) answerKeys.set(`${row.step}>${row.answer}`, { step: row.step, answer: row.answer });
  const answers = [...answerKeys.values()]
    .map(({ step, answer }) => {
      const chosen = total('answer', step, answer);
      const shown = total('step', step);
      return { step, answer, text: names.answer(step, answer), chosen, shown, share: rate(chosen, shown) };
    })
    .sort((a, b) => funnelSteps.indexOf(a.step) - funnelSteps.indexOf(b.step) || b.chosen - a.chosen);
  const offerSteps = [...new Set(counted('offer-shown').map((row) => row.step))];
  const offers = offerSteps.map((step) => {
    const shown = total('offer-shown', step);
    const accepted = total('offer-accepted', step);
    return { step, title: names.title(step), shown, accepted, declined: total('offer-declined', step), acceptanceRate: rate(accepted, shown) };
  });
  const moves = new Map<string, Move>();
  for (const row of counted('move')) {
    const key = `${row.step}>${row.answer}`;
    const move = moves.get(key) ?? { from: row.step, to: row.answer, count: 0 };
    move.count += row.count;
    moves.set(key, move);
  }
  return {
    toolkit: first.toolkit,
    survey: surveyId,
    version: first.version,
    commit: served?.commit ?? null,
    current,
    experiment: first.experiment,
    variant: first.variant,
    visits,
    outcomes,
    savedRate: rate(outcomes.saved, visits),
    audiences: sharesIn(audiences, AUDIENCES),
    languages: sharesIn(languages, LANGUAGES),
    funnel,
    answers,
    offers,
    moves: [...moves.values()].sort((a, b) => b.count - a.count),
    daily: sharesIn(daily),
  };
}

/** The variants' figures and the sample-ratio check of an experiment over `groups`, whose customers `customerRows` counts. */
function experimentResults(experiment: CompiledExperiment, groups: readonly GroupReport[], customerRows: readonly ExperimentCustomersRow[]): ExperimentResults {
  const figures = experiment.variants.map((variant) => {
    const mine = groups.filter((group) => group.variant === variant.id);
    const visits = mine.reduce((sum, group) => sum + group.visits, 0);
    const saved = mine.reduce((sum, group) => sum + group.outcomes.saved, 0);
    const customers = customerRows.find((row) => row.experiment === experiment.id && row.variant === variant.id)?.customers ?? 0;
    return { id: variant.id, weight: variant.weight, control: variant.control, visits, customers, saved, savedRate: proportionInterval(saved, visits) };
  });
  const control = figures.find((variant) => variant.control);
  const variants = figures.map((variant) => {
    const difference = control && !variant.control ? differenceOfCounted({ successes: control.saved, n: control.visits }, { successes: variant.saved, n: variant.visits }) : undefined;
    return difference ? { ...variant, difference } : variant;
  });
  const customers = figures.map((variant) => variant.customers);
  const weights = figures.map((variant) => variant.weight);
  return { variants, sampleRatio: { ...sampleRatioMismatch(customers, weights), tooSmall: tooFewToCheck(customers, weights) } };
}

/** The customers of each experiment's variants: over every version of the range, and over each version apart. */
interface ExperimentCustomers {
  all: readonly ExperimentCustomersRow[];
  perVersion: ReadonlyMap<string, readonly ExperimentCustomersRow[]>;
}

/**
 * The report of each experiment of the bundle that has visits in the range. Its sample-ratio check
 * counts customers: a variant is assigned to a customer, who may come back many times (decision 178).
 * The results add the survey versions of the range together, name them, and repeat per version.
 */
function experimentReports(groups: readonly GroupReport[], customers: ExperimentCustomers, bundle: CompiledBundle, versions: readonly ServedVersion[]): ExperimentReport[] {
  const reports: ExperimentReport[] = [];
  for (const experiment of bundle.experiments) {
    const of = groups.filter((group) => group.experiment === experiment.id);
    if (of.length === 0) continue;
    const experimentVersions = versionsOf(of, versions);
    reports.push({
      id: experiment.id,
      survey: experiment.survey,
      start: experiment.start,
      end: experiment.end,
      versions: experimentVersions,
      ...experimentResults(experiment, of, customers.all),
      byVersion: experimentVersions.map((version) => ({
        version,
        ...experimentResults(
          experiment,
          of.filter((group) => group.version === version),
          customers.perVersion.get(version) ?? [],
        ),
      })),
    });
  }
  return reports;
}

/** The versions of `groups`, in the order they were first served. */
function versionsOf(groups: readonly Pick<GroupReport, 'version'>[], versions: readonly ServedVersion[]): string[] {
  const served = (version: string) => versions.findIndex((candidate) => candidate.version === version);
  return [...new Set(groups.map((group) => group.version))].sort((a, b) => served(a) - served(b));
}

/** The customers of the experiments' variants in the range, and in each version of their groups apart. */
async function experimentCustomers(visits: VisitTables, filter: VisitFilter, groups: readonly GroupReport[], bundle: CompiledBundle): Promise<ExperimentCustomers> {
  const experiments = bundle.experiments.map((experiment) => experiment.id);
  const versions = [...new Set(groups.filter((group) => group.experiment !== '').map((group) => group.version))];
  const [all, ...each] = await Promise.all([
    visits.experimentCustomers(filter, experiments),
    ...versions.map((version) => visits.experimentCustomers({ ...filter, where: { ...filter.where, version } }, experiments)),
  ]);
  return { all: all ?? [], perVersion: new Map(versions.map((version, index) => [version, each[index] ?? []])) };
}

function groupedBy<R extends { toolkit: string; version: string; experiment: string; variant: string }>(rows: readonly R[]): Map<string, R[]> {
  const groups = new Map<string, R[]>();
  for (const row of rows) {
    const key = groupKey(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}

/** The figures of the visits that started in the filter's days (UTC), each version and variant apart. */
export async function visitInsights(visits: VisitTables, bundle: CompiledBundle, filter: VisitFilter, now: number): Promise<VisitInsights> {
  const [visitRows, dailyRows, eventRows, versions] = await Promise.all([
    visits.visitCounts(filter, now - VISIT_IDLE_MS),
    visits.dailyCounts(filter),
    visits.eventCounts(filter),
    visits.versions(),
  ]);
  const byGroup = groupedBy(visitRows);
  const dailyByGroup = groupedBy(dailyRows);
  const eventsByGroup = groupedBy(eventRows);
  const groups = [...byGroup.entries()]
    .map(([key, rows]) => groupReport(rows[0] as VisitCountRow, rows, dailyByGroup.get(key) ?? [], eventsByGroup.get(key) ?? [], bundle, versions))
    .sort(
      (a, b) =>
        (a.toolkit < b.toolkit ? -1 : a.toolkit > b.toolkit ? 1 : 0) ||
        versions.findIndex((v) => v.version === b.version) - versions.findIndex((v) => v.version === a.version) ||
        (a.variant < b.variant ? -1 : a.variant > b.variant ? 1 : 0),
    );
  const customers = await experimentCustomers(visits, filter, groups, bundle);
  return { from: filter.fromDay, to: filter.toDay, filter: filter.where, ...totalsOf(groups), versions, groups, experiments: experimentReports(groups, customers, bundle, versions) };
}

/** Sums items with the same key, field by field, in the order the keys first come. */
function summed<T extends Record<K, string>, K extends keyof T>(items: readonly T[], key: K, add: (into: T, item: T) => void): T[] {
  const byKey = new Map<string, T>();
  for (const item of items) {
    const into = byKey.get(item[key]);
    if (into === undefined) byKey.set(item[key], { ...item });
    else add(into, item);
  }
  return [...byKey.values()];
}

/** The groups added together: the top of the report. */
function totalsOf(groups: readonly GroupReport[]) {
  const outcomes = emptyOutcomes();
  for (const group of groups) for (const outcome of Object.keys(outcomes) as (keyof Outcomes)[]) outcomes[outcome] += group.outcomes[outcome];
  const visits = groups.reduce((sum, group) => sum + group.visits, 0);
  const funnel = summed(
    groups.flatMap((group) => group.funnel),
    'step',
    (into, step) => {
      into.reached += step.reached;
      into.left += step.left;
    },
  );
  const offers = summed(
    groups.flatMap((group) => group.offers),
    'step',
    (into, offer) => {
      into.shown += offer.shown;
      into.accepted += offer.accepted;
      into.declined += offer.declined;
      into.acceptanceRate = rate(into.accepted, into.shown);
    },
  );
  return { visits, ...outcomes, savedRate: rate(outcomes.saved, visits), versionsInRange: [...new Set(groups.map((group) => group.version))], funnel, offers };
}

// GET /dev/survey: each survey's picture (drawn by the build) and, for trial and paid customers, every
// step with a link that opens it directly (through /dev/open-step) in the chosen language.
import { audienceOf, isOfferStep, kindOf, stepTextValues } from '../../engine';
import { AUDIENCES, type Audience, type CompiledBundle, type CompiledStep, type CompiledSurvey, type ToolkitBinding } from '../../model';
import { escapeHtml as e } from '../html';
import { LANGUAGES } from '../languages';
import { i18nFor, surveyTextIn } from '../mail-i18n';
import { PERSONAS, type Persona } from '../personas';
import { canCancel } from '../toolkits';
import { SURVEY_PAGE_SCRIPT_URL, devToolsPage } from './dev-survey-layout';

/** Which picture of a survey the page shows. */
export type PictureView = Audience | 'both';
export const PICTURE_VIEWS: readonly PictureView[] = ['both', 'trial', 'paid'];

/** What the page shows: the chosen language, page (route) and picture view, and each survey's picture. */
export interface SurveyPreview {
  bundle: CompiledBundle;
  lang: string;
  /** The toolkit page chosen in the form; each survey not served by it uses its own first page. */
  route: string | undefined;
  view: PictureView;
  /** The SVG of each survey in `view`, or undefined when the build has not drawn it. */
  pictures: Record<string, string | undefined>;
}

/** The link that signs in as `persona` and opens `step` on /cancel/{route} (see the /dev/open-step route). */
export function openStepHref(options: { persona: string; lang: string; route: string; step: string }): string {
  const query = new URLSearchParams({ persona: options.persona, lang: options.lang, route: options.route, step: options.step });
  return `/dev/open-step?${query.toString()}`;
}

/** The first demo persona of `audience` who may cancel through `binding` (paid-monthly, trial, sst-admin…). */
export function personaFor(audience: Audience, binding: ToolkitBinding): Persona | undefined {
  return PERSONAS.find((persona) => audienceOf(persona.user) === audience && canCancel(persona.user, binding));
}

/** The pages that render `survey`, in toolkits.yaml order. */
export function pagesOf(bundle: CompiledBundle, survey: string): ToolkitBinding[] {
  return bundle.toolkits.filter((binding) => binding.survey === survey);
}

/**
 * The page a step opens on: the chosen page when it renders the survey, else the survey's first page
 * that every audience may open; an offer step moves to a page whose toolkit shows that offer.
 */
export function pageFor(bundle: CompiledBundle, survey: CompiledSurvey, route: string | undefined, step?: CompiledStep): ToolkitBinding | undefined {
  const pages = pagesOf(bundle, survey.id);
  const chosen = pages.find((binding) => binding.route === route) ?? pages.find((binding) => binding.access.kind !== 'sst-permission') ?? pages[0];
  if (!step || !isOfferStep(step) || (chosen && step.offer.toolkits.includes(chosen.toolkit))) return chosen;
  return pages.find((binding) => step.offer.toolkits.includes(binding.toolkit)) ?? chosen;
}

/** What a step asks, as the customer reads it (in English). */
function stepText(step: CompiledStep): string {
  if ('question' in step) return step.heading ? `${step.heading} — ${step.question}` : step.question;
  // An ICU message: rendered with the values it quotes (an offer's numbers), as the customer reads it.
  return surveyTextIn(i18nFor('en'), step.title, stepTextValues(step));
}

function stepKind(step: CompiledStep): string {
  const noun = kindOf(step).noun;
  return step.indicator === undefined ? noun : `step ${step.indicator} · ${noun}`;
}

/** The link that opens `step`, or why there is none. */
function openCell(bundle: CompiledBundle, survey: CompiledSurvey, audience: Audience, step: CompiledStep, input: SurveyPreview): string {
  const binding = pageFor(bundle, survey, input.route, step);
  const persona = binding && personaFor(audience, binding);
  if (!binding || !persona) return `<span class="muted">no ${audience} persona may open /cancel/${e(binding?.route ?? '?')}</span>`;
  const href = openStepHref({ persona: persona.id, lang: input.lang, route: binding.route, step: step.id });
  const label = `Open ${step.id} as ${audience} (${persona.id}) in ${input.lang}`;
  const link = `<a class="open-link" href="${e(href)}" aria-label="${e(label)}">Open as ${e(persona.id)}</a>`;
  const movedTo = binding === pageFor(bundle, survey, input.route) ? '' : `<span class="step-kind">on /cancel/${e(binding.route)}, which shows this offer</span>`;
  return link + movedTo;
}

function stepRow(bundle: CompiledBundle, survey: CompiledSurvey, audience: Audience, step: CompiledStep, input: SurveyPreview): string {
  const other: Audience = audience === 'trial' ? 'paid' : 'trial';
  const only = survey.audiences[other].steps[step.id] ? '' : ` <span class="only">${audience} only</span>`;
  return `<tr>
<td><code>${e(step.id)}</code>${only}<span class="step-kind">${e(stepKind(step))}</span></td>
<td>${e(stepText(step))}</td>
<td>${openCell(bundle, survey, audience, step, input)}</td>
</tr>`;
}

/** The steps of one audience in the order the YAML lists them (the graph's node order). */
const stepCount = (count: number): string => `${count} ${count === 1 ? 'step' : 'steps'}`;

function audienceTable(bundle: CompiledBundle, survey: CompiledSurvey, audience: Audience, input: SurveyPreview): string {
  const flow = survey.audiences[audience];
  const binding = pageFor(bundle, survey, input.route);
  const persona = binding && personaFor(audience, binding);
  const who = persona ? `as <code>${e(persona.id)}</code> on <code>/cancel/${e(binding.route)}</code>` : 'no persona of this audience may open the page';
  const rows = flow.order
    .flatMap((id) => (flow.steps[id] ? [flow.steps[id] as CompiledStep] : []))
    .map((step) => stepRow(bundle, survey, audience, step, input))
    .join('\n');
  return `<section class="panel" aria-labelledby="${e(`${survey.id}-${audience}`)}">
<h3 id="${e(`${survey.id}-${audience}`)}">${audience === 'trial' ? 'Trial' : 'Paid'} customers</h3>
<p class="muted">${stepCount(Object.keys(flow.steps).length)}, opened ${who}, in <code>${e(input.lang)}</code>.</p>
<table>
<thead><tr><th scope="col">Step</th><th scope="col">What it shows</th><th scope="col">Open it</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
</section>`;
}

/** The SVG as Graphviz wrote it, without the XML prolog, at three quarters of its natural size. */
export function embeddableSvg(svg: string): string {
  const start = svg.indexOf('<svg');
  const element = start >= 0 ? svg.slice(start) : svg;
  // Graphviz sizes in points; the same number in CSS pixels is 75 %, which keeps 11-point labels readable.
  return element.replace(/^<svg width="([\d.]+)pt" height="([\d.]+)pt"/, '<svg width="$1" height="$2" role="img" aria-label="The survey flow as a graph; the tables below list the same steps"');
}

function surveySection(bundle: CompiledBundle, survey: CompiledSurvey, input: SurveyPreview): string {
  const picture = input.pictures[survey.id];
  const figure =
    picture === undefined
      ? `<p class="notice">No picture of this survey yet. Run <code>npm run build</code> (or <code>npm run dev</code>), which draws it into <code>dist/survey-graph/</code>, then reload this page.</p>`
      : `<figure class="graph">
<figcaption>The <strong>${e(survey.id)}</strong> flow for ${input.view === 'both' ? 'trial and paid customers' : `${input.view} customers`}: each box is a step, each arrow the answers that lead on.</figcaption>
${embeddableSvg(picture)}
</figure>`;
  const tables = AUDIENCES.map((audience) => audienceTable(bundle, survey, audience, input)).join('\n');
  const pages = pagesOf(bundle, survey.id).map((binding) => `<code>/cancel/${e(binding.route)}</code>`).join(', ');
  return `<section aria-labelledby="survey-${e(survey.id)}">
<h2 id="survey-${e(survey.id)}">Survey <code>${e(survey.id)}</code></h2>
<p class="survey-meta muted">From <code>${e(survey.source)}</code>; shown on ${pages || 'no page'}.</p>
${figure}
<div class="audiences">
${tables}
</div>
</section>`;
}

function option(value: string, label: string, selected: boolean): string {
  return `<option value="${e(value)}"${selected ? ' selected' : ''}>${e(label)}</option>`;
}

function choices(input: SurveyPreview): string {
  const languages = LANGUAGES.map((lang) => option(lang, lang, lang === input.lang)).join('');
  const pages = [option('', 'each survey’s first page', input.route === undefined)]
    .concat(input.bundle.toolkits.map((binding) => option(binding.route, `/cancel/${binding.route} (${binding.name})`, binding.route === input.route)))
    .join('');
  const views = PICTURE_VIEWS.map((view) => option(view, view === 'both' ? 'trial and paid' : `${view} only`, view === input.view)).join('');
  return `<form class="dev-form panel" method="get" action="/dev/survey">
<label>Language <select name="lang">${languages}</select></label>
<label>Page <select name="route">${pages}</select></label>
<label>Picture <select name="view">${views}</select></label>
<button type="submit">Show</button>
</form>`;
}

/** The whole /dev/survey page. */
export function surveyPreviewPage(input: SurveyPreview): string {
  const sections = Object.values(input.bundle.surveys)
    .map((survey) => surveySection(input.bundle, survey, input))
    .join('\n');
  return devToolsPage({
    title: 'Survey preview',
    current: '/dev/survey',
    scripts: [SURVEY_PAGE_SCRIPT_URL],
    body: `<p class="lead">Open any step directly, as a trial or a paid customer, in any language: the link signs you in as a demo persona and fills in the answers on the shortest way to the step, so you can check a changed question without walking the whole survey. The pictures and lists are those of the last build.</p>
${choices(input)}
${sections}`,
  });
}

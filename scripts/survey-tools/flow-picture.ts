import { flowEdges } from '../../src/engine';
import { OTHER_ANSWER_ID } from '../../src/model';
import type { AnswerId, Audience, CancellationPolicy, CompiledFlow, CompiledStep, CompiledSurvey, FormField, StepId } from '../../src/model';
import { mergeOrdered } from './merge-ordered';
import { viewAudiences } from './graph-view';
import type { GraphView } from './graph-view';

/** One step as the picture shows it. */
export interface PictureNode {
  id: StepId;
  /** The step; in the combined view a form lists the fields of both audiences. */
  step: CompiledStep;
  /** In the combined view, the one audience that sees this step; absent when everybody in the view does. */
  only?: Audience;
  /** The step number to show: the indicator, or `3.5` for a step that follows a step with the same indicator. */
  number?: string;
  /** Form fields that one audience only sees, by field id (combined view). */
  fieldOnly: Record<string, Audience>;
  /** A retention offer the picture's policy withholds: passed by, never shown. */
  withheld?: true;
}

/** One answer written on an arrow. */
export interface PictureAnswer {
  id: AnswerId;
  text: string;
}

/**
 * One arrow: the answers of a step that lead to the same next step, for the same audiences.
 * 'Other' always gets an arrow of its own. A text step's single way on has no answers.
 */
export interface PictureEdge {
  from: StepId;
  to: StepId;
  answers: PictureAnswer[];
  isOther: boolean;
  /** In the combined view, the one audience that can take this arrow. */
  only?: Audience;
  /** What the arrow jumps over, e.g. 'skips the competitors question'; absent when it skips nothing. */
  skips?: string;
}

/** A policy's cancel-now control on a screen: straight to the closing form, where the cancellation is declared. */
export interface PictureControl {
  from: StepId;
  to: StepId;
  /** The control's label, e.g. 'Cancel now'. */
  label: string;
  /** In the combined view, the one audience that sees the screen. */
  only?: Audience;
}

/** Everything a picture of one survey shows, laid out by nobody yet. */
export interface FlowPicture {
  survey: string;
  view: GraphView;
  start: StepId;
  nodes: PictureNode[];
  edges: PictureEdge[];
  /** The cancellation policy the picture shows the survey under (`--policy`); absent: as authored. */
  policy?: CancellationPolicy;
  /** The policy's cancel-now controls; none without a policy. */
  controls: PictureControl[];
}

/** One answer (or a text step's way on) in one audience's flow. */
interface RawEdge {
  key: string;
  from: StepId;
  to: StepId;
  answer?: PictureAnswer;
  isOther: boolean;
}

/** Builds the picture of a survey for a view: the union of the view's flows, with what one audience only sees marked. */
export function flowPicture(survey: CompiledSurvey, view: GraphView): FlowPicture {
  const audiences = viewAudiences(view);
  const flows = audiences.map((audience) => survey.audiences[audience]);
  const [first] = flows;
  if (!first) throw new Error('internal error: a view draws at least one audience');
  const onlyOf = (seenBy: readonly Audience[]): Audience | undefined =>
    audiences.length > 1 && seenBy.length === 1 ? seenBy[0] : undefined;

  const ids = mergeOrdered(flows.map((flow) => flow.order));
  const edges = pictureEdges(flows, onlyOf);
  const indicators = new Map(ids.map((id) => [id, stepIn(flows, id).indicator]));
  const subSteps = new Set(
    edges.filter((e) => e.from !== e.to && indicators.get(e.from) !== undefined && indicators.get(e.from) === indicators.get(e.to)).map((e) => e.to),
  );
  const nodes = ids.map((id): PictureNode => {
    const seenBy = flows.filter((flow) => flow.steps[id]).map((flow) => flow.audience);
    const indicator = indicators.get(id);
    return {
      id,
      step: mergedStep(flows, id),
      only: onlyOf(seenBy),
      number: indicator === undefined ? undefined : subSteps.has(id) ? `${indicator}.5` : `${indicator}`,
      fieldOnly: fieldAudiences(flows, id, onlyOf),
    };
  });
  const skipNames = skippedQuestionNames(nodes, subSteps);
  const passed = passedIndicators(ids, edges, indicators);
  for (const edge of edges) edge.skips = skipsText(passed.get(edge.from), indicators.get(edge.to), skipNames);
  return { survey: survey.id, view, start: first.start, nodes, edges, controls: [] };
}

/**
 * The step number a customer has reached on leaving each step: its own indicator, or for a step without
 * one (an offer) the highest of the steps that lead to it, so that an arrow out of an offer that jumps
 * over a question is marked as one. The highest: where ways in differ, the arrow skips at least that.
 */
function passedIndicators(ids: readonly StepId[], edges: readonly PictureEdge[], indicators: ReadonlyMap<StepId, number | undefined>): Map<StepId, number | undefined> {
  const passed = new Map(indicators);
  // As many rounds as steps: an offer after an offer takes its number from the first (the flow has no cycles).
  for (let round = 0; round < ids.length; round++) {
    for (const edge of edges) {
      const from = passed.get(edge.from);
      const to = passed.get(edge.to);
      if (indicators.get(edge.to) === undefined && from !== undefined && (to === undefined || from > to)) passed.set(edge.to, from);
    }
  }
  return passed;
}

/** The step as the first flow that has it holds it. */
function stepIn(flows: readonly CompiledFlow[], id: StepId): CompiledStep {
  for (const flow of flows) {
    const step = flow.steps[id];
    if (step) return step;
  }
  throw new Error(`internal error: no flow has step '${id}'`);
}

/** A step with the form fields of every flow that has it, in authored order. */
function mergedStep(flows: readonly CompiledFlow[], id: StepId): CompiledStep {
  const step = stepIn(flows, id);
  if (!hasFields(step)) return step;
  const versions = flows.flatMap((flow) => {
    const found = flow.steps[id];
    return found && hasFields(found) ? [found] : [];
  });
  const byId = new Map<string, FormField>(versions.flatMap((version) => version.fields.map((field) => [field.id, field] as const)));
  const order = mergeOrdered(versions.map((version) => version.fields.map((field) => field.id)));
  return { ...step, fields: order.flatMap((fieldId) => byId.get(fieldId) ?? []) };
}

function fieldAudiences(
  flows: readonly CompiledFlow[],
  id: StepId,
  onlyOf: (seenBy: readonly Audience[]) => Audience | undefined,
): Record<string, Audience> {
  const seenBy = new Map<string, Audience[]>();
  for (const flow of flows) {
    const step = flow.steps[id];
    if (!step || !hasFields(step)) continue;
    for (const field of step.fields) seenBy.set(field.id, [...(seenBy.get(field.id) ?? []), flow.audience]);
  }
  const marks: Record<string, Audience> = {};
  for (const [fieldId, audiences] of seenBy) {
    const only = onlyOf(audiences);
    if (only) marks[fieldId] = only;
  }
  return marks;
}

/** Every way on of one flow, in step and answer order, from the kinds' branches. */
function rawEdges(flow: CompiledFlow): RawEdge[] {
  return flowEdges(flow).map((edge) => ({
    key: `${edge.from}\0${edge.answer ?? ''}\0${edge.to}`,
    from: edge.from,
    to: edge.to,
    ...(edge.answer === undefined ? {} : { answer: { id: edge.answer, text: edge.label } }),
    isOther: edge.answer === OTHER_ANSWER_ID,
  }));
}

/** Whether a step lists form fields (the closing form), whose audiences the picture marks one by one. */
function hasFields(step: CompiledStep): step is Extract<CompiledStep, { fields: FormField[] }> {
  return 'fields' in step;
}

/** The arrows of the view: answers grouped by step, next step, 'Other' and the audiences that can take them. */
function pictureEdges(flows: readonly CompiledFlow[], onlyOf: (seenBy: readonly Audience[]) => Audience | undefined): PictureEdge[] {
  const perFlow = flows.map(rawEdges);
  const byKey = new Map<string, { edge: RawEdge; audiences: Audience[] }>();
  perFlow.forEach((edges, index) => {
    const audience = flows[index]?.audience;
    if (!audience) return;
    for (const edge of edges) {
      const seen = byKey.get(edge.key);
      if (seen) seen.audiences.push(audience);
      else byKey.set(edge.key, { edge, audiences: [audience] });
    }
  });
  const groups = new Map<string, PictureEdge>();
  for (const key of mergeOrdered(perFlow.map((edges) => edges.map((edge) => edge.key)))) {
    const found = byKey.get(key);
    if (!found) continue;
    const { edge, audiences } = found;
    const only = onlyOf(audiences);
    const groupKey = `${edge.from}\0${edge.to}\0${edge.isOther}\0${only ?? ''}`;
    const group = groups.get(groupKey) ?? { from: edge.from, to: edge.to, answers: [], isOther: edge.isOther, only };
    if (edge.answer) group.answers.push(edge.answer);
    groups.set(groupKey, group);
  }
  return [...groups.values()];
}

/** How a skipped step number is named: 'the competitors question' when one step has it, else 'step 2'. */
function skippedQuestionNames(nodes: readonly PictureNode[], subSteps: ReadonlySet<StepId>): Map<number, string> {
  const byIndicator = new Map<number, StepId[]>();
  for (const node of nodes) {
    const indicator = node.step.indicator;
    if (indicator === undefined || subSteps.has(node.id)) continue;
    byIndicator.set(indicator, [...(byIndicator.get(indicator) ?? []), node.id]);
  }
  return new Map(
    [...byIndicator].map(([indicator, ids]) => [indicator, ids.length === 1 ? `the ${ids[0] ?? ''} question` : `step ${indicator}`]),
  );
}

/** 'skips the competitors question' for an arrow that jumps over step numbers; undefined otherwise. */
function skipsText(from: number | undefined, to: number | undefined, names: ReadonlyMap<number, string>): string | undefined {
  if (from === undefined || to === undefined || to <= from + 1) return undefined;
  const skipped: string[] = [];
  for (let n = from + 1; n < to; n++) skipped.push(names.get(n) ?? `step ${n}`);
  return `skips ${skipped.join(' and ')}`;
}

import { kindOf } from '../../src/engine';
import { AUDIENCES } from '../../src/model';
import type { AnswerId, Audience, ChoiceAnswer, CompiledStep, CompiledSurvey, FormStep, StepId, TextInput } from '../../src/model';
import { headingRows } from '../survey/kinds/picture';
import type { AnswerChange, DetailChange, FieldChange, NextChange, OrderChange, StepChange } from './diff-types';
import { nodeRows } from './graph-styles';
import { mergeAudiences } from './merge-audiences';
import { mergeOrdered } from './merge-ordered';

/** An answer of a choice (with its own `next`) or of a multi step (the step's `next`). */
type Answer = Omit<ChoiceAnswer, 'next'> & { next?: string };

/** The step, answer, next-step, answer-order, small-print and form-field changes of one survey. */
export interface FlowChanges {
  steps: StepChange[];
  answers: AnswerChange[];
  next: NextChange[];
  order: OrderChange[];
  details: DetailChange[];
  fields: FieldChange[];
}

/** The key of a step's one way on, which no answer names (answer ids are never empty). */
const ONE_WAY = '';

/** Where each way out of a step leads to a step, by its answer (ONE_WAY for the step's one way on). */
function waysOn(step: CompiledStep): Map<string, StepId> {
  return new Map(kindOf(step).branches(step).flatMap((branch) => ('to' in branch.outcome ? [[branch.answer ?? ONE_WAY, branch.outcome.to] as const] : [])));
}

/** The ids of a step's answers in the order shown, where its answers have one. */
function answerOrder(step: CompiledStep): AnswerId[] | undefined {
  return kindOf(step).answers?.(step).map((answer) => answer.id);
}

/** Whether a step shows its answers in a new random order on every visit. */
const shuffles = (step: CompiledStep): boolean => kindOf(step).shuffles?.(step) ?? false;

/** A step's small print, as the flow picture writes it, but its heading (a rewording is a StepChange). */
function detailRows(step: CompiledStep): string[] {
  const heading = new Set(headingRows(step.heading).map((row) => row.text));
  return nodeRows(step, { fieldOnly: {} })
    .filter((row) => row.kind === 'detail' && !heading.has(row.text))
    .map((row) => row.text);
}

/** A line a customer reads on a step beyond what `detailRows` and the other comparisons cover, and whose answer or field it belongs to ('' for the step's own). */
interface ShownLine {
  owner: string;
  text: string;
}

/** An answer's text box as the customer meets it: its label and whether it must be filled (its named limit is a LimitChange). */
const boxLine = (input: TextInput): string => `text box: ${input.label}, ${input.required ? 'required' : 'optional'}`;

/**
 * What a customer reads or follows on a step that the picture's small print does not draw, keyed so
 * that a change is paired with what it replaced: each answer's tip (its text, link and the page it
 * opens) and text box (label, placeholder), a text step's placeholder, a form field's
 * placeholder and notice, and an offer's decline button, success screen and plan names.
 */
function shownLines(step: CompiledStep): Map<string, ShownLine> {
  const lines = new Map<string, ShownLine>();
  const add = (key: string, owner: string, text: string | undefined): void => {
    if (text !== undefined) lines.set(key, { owner, text: owner === '' ? text : `${owner} › ${text}` });
  };
  if ('answers' in step) {
    for (const answer of step.answers as readonly Answer[]) {
      if (answer.input) add(`${answer.id} box`, answer.id, boxLine(answer.input));
      add(`${answer.id} placeholder`, answer.id, answer.input?.placeholder === undefined ? undefined : `placeholder: ${answer.input.placeholder}`);
      add(`${answer.id} tip`, answer.id, answer.tip && `tip: ${answer.tip.text}`);
      add(`${answer.id} tip link`, answer.id, answer.tip && `tip's link: ${answer.tip.label} → ${answer.tip.link}`);
    }
  }
  if ('input' in step) add('placeholder', '', step.input.placeholder === undefined ? undefined : `placeholder: ${step.input.placeholder}`);
  if ('fields' in step) {
    for (const field of step.fields) {
      add(`${field.id} placeholder`, field.id, 'placeholder' in field && field.placeholder !== undefined ? `placeholder: ${field.placeholder}` : undefined);
      add(`${field.id} notice`, field.id, 'notice' in field && field.notice !== undefined ? `notice: ${field.notice}` : undefined);
    }
  }
  if (step.type === 'offer') {
    add('decline', '', `decline button: ${step.decline}`);
    add('success heading', '', `after accepting, heading: ${step.success.heading}`);
    add('success body', '', `after accepting: ${step.success.body}`);
    if (step.offer.kind === 'downgrade') for (const [plan, name] of Object.entries(step.offer.planNames)) add(`plan ${plan}`, '', `plan ${plan} named: ${name}`);
  }
  return lines;
}

/** The answers and fields of a step, whose own lines are compared only where both sides have them (else they were added or removed). */
function ownersOf(step: CompiledStep): Set<string> {
  return new Set(['', ...('answers' in step ? step.answers.map((answer) => answer.id) : []), ...('fields' in step ? step.fields.map((field) => field.id) : [])]);
}

/** The text a step is known by: its question, an offer's heading, or a form's heading (else its button). */
export function stepText(step: CompiledStep): string {
  return 'question' in step ? step.question : step.title;
}

/** Step ids of both versions and audiences, in authored order. */
function stepOrder(before: CompiledSurvey, after: CompiledSurvey): StepId[] {
  const lists = [after, before].flatMap((survey) => AUDIENCES.map((a) => survey.audiences[a].order));
  return mergeOrdered(lists);
}

/** Compares one step as one audience sees it before and after. */
class StepComparer {
  constructor(
    private readonly out: FlowChanges,
    private readonly audience: Audience,
  ) {}

  compare(id: StepId, before: CompiledStep | undefined, after: CompiledStep | undefined): void {
    const audiences = [this.audience];
    if (!before || !after) {
      const step = after ?? before;
      if (step) this.out.steps.push({ change: after ? 'added' : 'removed', step: id, type: step.type, text: stepText(step), audiences });
      return;
    }
    if (before.heading !== after.heading) {
      this.out.steps.push({ change: 'reworded', step: id, part: 'heading', before: before.heading, after: after.heading, audiences });
    }
    // An offer has no question; what it offers is its body. A form asks nothing of its own.
    const question = (step: CompiledStep): string | undefined => ('question' in step ? step.question : 'body' in step ? step.body : undefined);
    if (question(before) !== question(after)) {
      this.out.steps.push({ change: 'reworded', step: id, part: 'question', before: question(before), after: question(after), audiences });
    }
    if ('answers' in before && 'answers' in after) this.answers(id, before.answers, after.answers);
    this.ways(id, before, after);
    this.order(id, before, after);
    this.details(id, before, after);
    if ('fields' in before && 'fields' in after) this.fields(id, before, after);
  }

  /** Ways out of the step that lead elsewhere: an answer's, an offer's decline, a step's one way on. */
  private ways(id: StepId, before: CompiledStep, after: CompiledStep): void {
    const was = waysOn(before);
    const now = waysOn(after);
    for (const key of mergeOrdered([[...now.keys()], [...was.keys()]])) {
      const from = was.get(key);
      const to = now.get(key);
      if (from === undefined || to === undefined || from === to) continue;
      const change: NextChange = { step: id, before: from, after: to, audiences: [this.audience] };
      this.out.next.push(key === ONE_WAY ? change : { ...change, answer: key });
    }
  }

  /**
   * The answers both sides have, shown in another order. Where both sides shuffle them on every visit,
   * no customer sees the authored order, so moving an answer there changes nothing they see.
   */
  private order(id: StepId, before: CompiledStep, after: CompiledStep): void {
    const was = answerOrder(before);
    const now = answerOrder(after);
    if (!was || !now || (shuffles(before) && shuffles(after))) return;
    const shared = (list: AnswerId[], other: AnswerId[]): string => JSON.stringify(list.filter((answer) => other.includes(answer)));
    if (shared(was, now) !== shared(now, was)) this.out.order.push({ step: id, before: was, after: now, audiences: [this.audience] });
  }

  /**
   * Lines of small print that went, came or changed: each gone line of the picture's paired with a new
   * one, in order; then each line the picture does not draw (`shownLines`) with the one it replaced.
   */
  private details(id: StepId, before: CompiledStep, after: CompiledStep): void {
    const was = detailRows(before);
    const now = detailRows(after);
    const gone = was.filter((row) => !now.includes(row));
    const came = now.filter((row) => !was.includes(row));
    for (let i = 0; i < Math.max(gone.length, came.length); i++) {
      this.out.details.push({ step: id, before: gone[i], after: came[i], audiences: [this.audience] });
    }
    const wasShown = shownLines(before);
    const nowShown = shownLines(after);
    const owners = ownersOf(before);
    const stillThere = ownersOf(after);
    for (const key of mergeOrdered([[...nowShown.keys()], [...wasShown.keys()]])) {
      const from = wasShown.get(key);
      const to = nowShown.get(key);
      const owner = (from ?? to)?.owner ?? '';
      if (from?.text === to?.text || !owners.has(owner) || !stillThere.has(owner)) continue;
      this.out.details.push({ step: id, before: from?.text, after: to?.text, audiences: [this.audience] });
    }
  }

  private answers(id: StepId, before: readonly Answer[], after: readonly Answer[]): void {
    const audiences = [this.audience];
    const order = mergeOrdered([after.map((a) => a.id), before.map((a) => a.id)]);
    for (const answerId of order) {
      const was = before.find((a) => a.id === answerId);
      const now = after.find((a) => a.id === answerId);
      if (!was || !now) {
        const answer = now ?? was;
        if (answer) this.out.answers.push({ change: now ? 'added' : 'removed', step: id, answer: answerId, text: answer.text, next: answer.next ?? '', audiences });
        continue;
      }
      if (was.text !== now.text) {
        this.out.answers.push({ change: 'reworded', step: id, answer: answerId, before: was.text, after: now.text, audiences });
      }
    }
  }

  private fields(id: StepId, before: FormStep, after: FormStep): void {
    const audiences = [this.audience];
    const order = mergeOrdered([after.fields.map((f) => f.id), before.fields.map((f) => f.id)]);
    for (const fieldId of order) {
      const was = before.fields.find((f) => f.id === fieldId);
      const now = after.fields.find((f) => f.id === fieldId);
      if (!was || !now) {
        const field = now ?? was;
        if (field) this.out.fields.push({ change: now ? 'added' : 'removed', step: id, field: fieldId, label: field.label, audiences });
      } else if (was.label !== now.label) {
        this.out.fields.push({ change: 'relabelled', step: id, field: fieldId, before: was.label, after: now.label, audiences });
      }
    }
  }
}

/**
 * What changed in a survey's steps, per audience: steps added, removed or reworded; answers added,
 * removed or reworded; ways that now lead elsewhere (an answer's, an offer's decline, a text step's);
 * answers shown in another order; the steps' small print (an offer's terms and pages); form fields.
 * A change both audiences share is reported once.
 */
export function diffFlow(before: CompiledSurvey, after: CompiledSurvey): FlowChanges {
  const out: FlowChanges = { steps: [], answers: [], next: [], order: [], details: [], fields: [] };
  for (const id of stepOrder(before, after)) {
    for (const audience of AUDIENCES) {
      new StepComparer(out, audience).compare(id, before.audiences[audience].steps[id], after.audiences[audience].steps[id]);
    }
  }
  return {
    steps: mergeAudiences(out.steps),
    answers: mergeAudiences(out.answers),
    next: mergeAudiences(out.next),
    order: mergeAudiences(out.order),
    details: mergeAudiences(out.details),
    fields: mergeAudiences(out.fields),
  };
}

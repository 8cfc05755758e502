import { AUDIENCES } from '../../src/model';
import type { Audience, ChoiceAnswer, CompiledStep, CompiledSurvey, FormStep, StepId } from '../../src/model';

/** An answer of a choice (with its own `next`) or of a multi step (the step's `next`). */
type Answer = Omit<ChoiceAnswer, 'next'> & { next?: string };
import type { AnswerChange, FieldChange, NextChange, StepChange } from './diff-types';
import { mergeAudiences } from './merge-audiences';
import { mergeOrdered } from './merge-ordered';

/** The step, answer, next-step and form-field changes of one survey. */
export interface FlowChanges {
  steps: StepChange[];
  answers: AnswerChange[];
  next: NextChange[];
  fields: FieldChange[];
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
    // A step with one way on for every answer (a text, rating or multi step) leads elsewhere as a whole.
    if (!('offer' in before) && 'next' in before && 'next' in after && before.next !== after.next) {
      this.out.next.push({ step: id, before: before.next, after: after.next, audiences });
    }
    if ('fields' in before && 'fields' in after) this.fields(id, before, after);
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
      if (was.next !== undefined && now.next !== undefined && was.next !== now.next) {
        this.out.next.push({ step: id, answer: answerId, before: was.next, after: now.next, audiences });
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
 * removed or reworded; answers (and text steps) that now lead elsewhere; form fields. A change both
 * audiences share is reported once.
 */
export function diffFlow(before: CompiledSurvey, after: CompiledSurvey): FlowChanges {
  const out: FlowChanges = { steps: [], answers: [], next: [], fields: [] };
  for (const id of stepOrder(before, after)) {
    for (const audience of AUDIENCES) {
      new StepComparer(out, audience).compare(id, before.audiences[audience].steps[id], after.audiences[audience].steps[id]);
    }
  }
  return {
    steps: mergeAudiences(out.steps),
    answers: mergeAudiences(out.answers),
    next: mergeAudiences(out.next),
    fields: mergeAudiences(out.fields),
  };
}

import { AUDIENCES, OTHER_ANSWER_ID } from '../../src/model';
import type {
  Audience,
  ChoiceAnswer,
  CompiledFlow,
  CompiledStep,
  CompiledSurvey,
  FlowGraph,
  FormField,
  GraphEdge,
  OfferStep,
  RetentionOffer,
  TextInput,
} from '../../src/model';
import { choiceStepForm, formStepForm, textStepForm } from './compile-step-schema';
import type { FieldDef, Named, OfferStepDef, SlotStepDef, StepDef, SurveyDef, TextBoxDef } from './survey-def';
import { checked } from './read-helpers';
import { visibleTo } from './survey-def';
import { OTHER_TEXT, edgesFor, reachableFrom } from './survey-graph';

/** Compiles one checked survey for both audiences. `source` is the file relative to the project root. */
export function compileSurvey(def: SurveyDef, source: string): CompiledSurvey {
  const limits = Object.fromEntries(def.limits.map((limit) => [limit.name, Number(limit.value)]));
  const compiler = new FlowCompiler(def, limits);
  const audiences = Object.fromEntries(AUDIENCES.map((audience) => [audience, compiler.flow(audience)]));
  return {
    id: checked(def.id, 'id').name,
    source,
    indicatorSteps: def.indicatorSteps,
    limits,
    audiences: audiences as Record<Audience, CompiledFlow>,
  };
}

class FlowCompiler {
  constructor(
    private readonly def: SurveyDef,
    private readonly limits: Readonly<Record<string, number>>,
  ) {}

  /** The survey as one audience sees it: only the steps it reaches, with only the answers and fields it sees. */
  flow(audience: Audience): CompiledFlow {
    const start = checked(this.def.start, 'start').name;
    const reached = reachableFrom(start, edgesFor(this.def, audience));
    // Authored order, so the output follows the file.
    const steps = this.def.steps.filter((step) => reached.has(step.id.name)).map((step) => this.step(step, audience));
    return {
      audience,
      start,
      steps: Object.fromEntries(steps.map((step) => [step.id, step])),
      graph: graphOf(steps),
    };
  }

  private step(step: StepDef, audience: Audience): CompiledStep {
    if (step.type === 'offer') return this.offer(step);
    const base = { id: step.id.name, indicator: step.indicator, slot: step.slot, heading: step.heading };
    switch (step.type) {
      case 'choice': {
        const answers: ChoiceAnswer[] = step.answers
          .filter((answer) => visibleTo(answer.audience, audience))
          .map((answer) => ({
            id: answer.id.name,
            text: answer.text,
            next: checked(answer.next, 'next').name,
            isOther: false,
            input: answer.input && this.input(answer.input),
            tip: answer.tip,
          }));
        if (step.other) {
          answers.push({
            id: OTHER_ANSWER_ID,
            text: OTHER_TEXT,
            next: checked(step.other.next, 'next').name,
            isOther: true,
            input: this.input(step.other),
          });
        }
        return { ...base, type: 'choice', question: step.question, order: step.order, answers, form: choiceStepForm(answers) };
      }
      case 'text': {
        const input = this.input(step.input);
        return { ...base, type: 'text', question: step.question, input, next: checked(step.next, 'next').name, form: textStepForm(input) };
      }
      case 'form': {
        const fields = step.fields.filter((field) => visibleTo(field.audience, audience)).map((field) => this.field(field, step.slot));
        return { ...base, type: 'form', fields, submit: step.submit, form: formStepForm(fields) };
      }
    }
  }

  private offer(step: OfferStepDef): OfferStep {
    const toolkits = step.toolkits.map((toolkit) => toolkit.name);
    const offer: RetentionOffer =
      step.kind === 'discount'
        ? { kind: 'discount', toolkits, percent: checked(step.percent, 'discount.percent'), months: checked(step.months, 'discount.months') }
        : {
            kind: 'downgrade',
            toolkits,
            plans: Object.fromEntries(step.plans.map(({ group, plans }) => [group, plans.map((plan) => plan.name)])),
            planNames: step.planLabels,
          };
    return {
      type: 'offer',
      id: step.id.name,
      indicator: step.indicator,
      heading: step.heading,
      body: step.body,
      accept: step.accept,
      decline: step.decline,
      success: step.success,
      offer,
      next: checked(step.next, 'next').name,
    };
  }

  /** A text box under an answer or on a text step: always required (blank text fails). */
  private input(box: TextBoxDef): TextInput {
    return { required: true, label: box.label, placeholder: box.placeholder, maxLength: this.limit(box.limit) };
  }

  private field(field: FieldDef, stepSlot: SlotStepDef['slot']): FormField {
    const id = field.id.name;
    switch (field.kind) {
      case 'name':
        return { kind: 'name', id, label: field.label, maxLength: checked(this.limit(field.limit), 'limit') };
      case 'email':
        return { kind: 'email', id, label: field.label, maxLength: checked(this.limit(field.limit), 'limit'), readOnly: true };
      case 'comment':
        return {
          kind: 'comment',
          id,
          label: field.label,
          required: field.required,
          maxLength: this.limit(field.limit),
          placeholder: field.placeholder,
          slot: field.slot ?? stepSlot,
        };
      case 'agreement':
        return { kind: 'agreement', id, label: field.label };
    }
  }

  private limit(ref: Named | undefined): number | undefined {
    return ref === undefined ? undefined : checked(this.limits[ref.name], `limit '${ref.name}'`);
  }
}

/** The branching graph of the compiled steps: one node per step, one edge per answer (or per text step). */
function graphOf(steps: readonly CompiledStep[]): FlowGraph {
  const nodes = steps.map((step) => ({
    id: step.id,
    type: step.type,
    label: step.type === 'form' ? (step.heading ?? step.submit) : step.type === 'offer' ? step.heading : step.question,
    indicator: step.indicator,
  }));
  const edges = steps.flatMap((step): GraphEdge[] => {
    switch (step.type) {
      case 'choice':
        return step.answers.map((answer) => ({ from: step.id, to: answer.next, answer: answer.id, label: answer.text }));
      case 'text':
        // One way on: no answer takes it, so it has no label either.
        return [{ from: step.id, to: step.next, label: '' }];
      case 'form':
        return [];
      case 'offer':
        return [{ from: step.id, to: step.next, answer: 'declined', label: step.decline }];
    }
  });
  return { nodes, edges };
}

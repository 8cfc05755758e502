// The rules of a cancellation policy, proved on one compiled flow of a survey the policy governs. Each
// broken rule is a violation at the survey's YAML node that breaks it (see policy-check.ts).
import { completesSurvey, isConditional, stepById } from '../../src/engine';
import type { CancellationPolicy, ClosingFieldKind, CompiledFlow, CompiledStep, FormField, StepId } from '../../src/model';
import type { YamlPath } from './load-yaml';
import { isQuestion, waysToDeclaration, wayText } from './policy-screens';
import type { SurveyPlaces } from './survey-places';

/** The rules a survey can break, the last part of a policy problem's code (`policy-de-312k-too-many-screens`). */
export const POLICY_RULES = ['too-many-screens', 'required-question', 'closing-form-field', 'agreement-notice', 'no-cancel-control', 'offer-not-allowed'] as const;

export type PolicyRule = (typeof POLICY_RULES)[number];

/** One rule of one policy broken by one flow. */
export interface Violation {
  rule: PolicyRule;
  /** The survey's node that breaks it, and whether the problem points at its key or its value. */
  path: YamlPath;
  part: 'key' | 'value';
  /** The key of the policy's block that sets the rule. */
  policyKey: YamlPath;
  /** What the rule says, after the policy's id: `allows at most 2 screens …`. */
  says: string;
  /** The policy's setting that says it, as written: `maxScreens: 2`. */
  setting: string;
  /** What breaks it, and how to mend it. */
  breaks: string;
}

const screens = (n: number): string => `${n} screen${n === 1 ? '' : 's'}`;

/** The ids of the flow's steps, in authored order, that pass `test`. */
const stepsWhere = (flow: CompiledFlow, test: (step: CompiledStep) => boolean): StepId[] => flow.order.filter((id) => test(stepById(flow, id)));

/** `maxScreens`: from every screen, the declaration within that many screens, the screen itself and the declaration counted. */
function tooManyScreens(flow: CompiledFlow, policy: CancellationPolicy, places: SurveyPlaces): Violation[] {
  const max = policy.maxScreens;
  if (max === undefined) return [];
  const says = `allows at most ${screens(max)} from any screen to the declared cancellation, both counted`;
  const setting = `maxScreens: ${max}`;
  return [...waysToDeclaration(flow, policy)].flatMap(([id, way]): Violation[] => {
    if (way.screens <= max) return [];
    const breaks =
      way.screens === Infinity ? `no way leads from step '${id}' to the declaration` : `from step '${id}' it takes ${screens(way.screens)}: ${wayText(way, policy)}`;
    return [{ rule: 'too-many-screens', path: places.step(id), part: 'value', policyKey: ['maxScreens'], says, setting, breaks }];
  });
}

/** `survey: optional | after-cancellation`: no question the YAML itself makes required (`required: true`). */
function requiredQuestions(flow: CompiledFlow, policy: CancellationPolicy, places: SurveyPlaces): Violation[] {
  if (policy.survey === 'required') return [];
  const says = policy.survey === 'optional' ? 'lets every question be left unanswered' : 'asks the survey only once the cancellation is declared';
  return stepsWhere(flow, isQuestion).flatMap((id) =>
    places.requiredKeys(id).map((path): Violation => ({
      rule: 'required-question',
      path,
      part: 'key',
      policyKey: ['survey'],
      says,
      setting: `survey: ${policy.survey}`,
      breaks: `step '${id}' requires an answer: remove its \`required: true\``,
    })),
  );
}

/** The ids of the fields the closing form's validator requires. */
function requiredFieldIds(step: CompiledStep): Set<string> {
  const required = 'form' in step ? step.form.schema.required : undefined;
  return new Set(Array.isArray(required) ? required.filter((id): id is string => typeof id === 'string') : []);
}

/** The closing form's fields, where the step is the closing form. */
function closingFields(step: CompiledStep): FormField[] {
  return completesSurvey(step) && 'fields' in step ? step.fields : [];
}

const CLOSING_FIELD_KINDS: readonly string[] = ['name', 'email'] satisfies ClosingFieldKind[];

/** `closingForm.ask`: every required field of the closing form but the agreement is one the declaration asks. */
function closingFormFields(flow: CompiledFlow, policy: CancellationPolicy, places: SurveyPlaces): Violation[] {
  const rule = policy.closingForm;
  if (!rule) return [];
  const asked: readonly string[] = rule.ask;
  const says = `asks only ${asked.length > 0 ? asked.join(' and ') : 'the agreement'} on its declaration screen`;
  const setting = `closingForm.ask: [${asked.join(', ')}]`;
  return flow.order.flatMap((id) => {
    const step = stepById(flow, id);
    const required = requiredFieldIds(step);
    return closingFields(step)
      .filter((field) => field.kind !== 'agreement' && required.has(field.id) && !asked.includes(field.kind))
      .map((field): Violation => {
        const mend = CLOSING_FIELD_KINDS.includes(field.kind) ? `add ${field.kind} to closingForm.ask` : 'make it optional, or leave it out';
        return {
          rule: 'closing-form-field',
          path: places.field(id, field.id),
          part: 'value',
          policyKey: ['closingForm', 'ask'],
          says,
          setting,
          breaks: `the ${field.kind} field '${field.id}' of step '${id}' is required, so it cannot be left out: ${mend}`,
        };
      });
  });
}

/**
 * `closingForm.agreement: information` shows the agreement as a notice, not a checkbox: its label
 * ("I agree that…") would ask for a consent nobody gives, so the field must say it as a fact (`notice`).
 */
function agreementWithoutNotice(flow: CompiledFlow, policy: CancellationPolicy, places: SurveyPlaces): Violation[] {
  if (policy.closingForm?.agreement !== 'information') return [];
  return flow.order.flatMap((id) =>
    closingFields(stepById(flow, id))
      .filter((field) => field.kind === 'agreement' && field.notice === undefined)
      .map((field): Violation => ({
        rule: 'agreement-notice',
        path: places.field(id, field.id),
        part: 'value',
        policyKey: ['closingForm', 'agreement'],
        says: 'shows the agreement as a notice the customer reads, not a box to tick',
        setting: 'closingForm.agreement: information',
        breaks: `the agreement '${field.id}' of step '${id}' has only a label, which asks for consent: add a \`notice\` that states the same as a fact`,
      })),
  );
}

/** `offers: beside-cancel` needs the control to stand beside each offer: a `cancelNow` block. */
function offersWithoutControl(flow: CompiledFlow, policy: CancellationPolicy, places: SurveyPlaces): Violation[] {
  if (policy.offers !== 'beside-cancel' || policy.cancelNow) return [];
  return stepsWhere(flow, isConditional).map((id) => ({
    rule: 'no-cancel-control',
    path: places.step(id),
    part: 'value',
    policyKey: ['offers'],
    says: 'shows retention offers only beside the cancel control',
    setting: 'offers: beside-cancel',
    breaks: `offer '${id}' would show without one, the policy having no cancelNow: give it a cancelNow block`,
  }));
}

/** `offers: withheld`: every offer is passed by, which the page cannot do to the step it opens on. */
function offerNotAllowed(flow: CompiledFlow, policy: CancellationPolicy, places: SurveyPlaces): Violation[] {
  if (policy.offers !== 'withheld' || !isConditional(stepById(flow, flow.start))) return [];
  return [
    {
      rule: 'offer-not-allowed',
      path: places.step(flow.start),
      part: 'value',
      policyKey: ['offers'],
      says: 'withholds every retention offer',
      setting: 'offers: withheld',
      breaks: `the survey opens on offer '${flow.start}', which the page cannot pass by: open the survey on a question`,
    },
  ];
}

/** Every rule of `policy` that `flow` breaks, rule by rule. */
export function policyViolations(flow: CompiledFlow, policy: CancellationPolicy, places: SurveyPlaces): Violation[] {
  return [tooManyScreens, requiredQuestions, closingFormFields, agreementWithoutNotice, offersWithoutControl, offerNotAllowed].flatMap((rule) => rule(flow, policy, places));
}

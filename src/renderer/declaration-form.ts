// The closing form as a cancellation policy's declaration screen (survey/policies.yaml): only the
// fields the policy lets it ask, the agreement as a notice where it is information, and the policy's
// heading and button where its cancel-now control opened it.
import type { StepData } from '../engine';
import type { CancellationPolicy, ClosingFieldKind, FormStep, JsonSchema } from '../model';

/** The uiSchema widget of an agreement shown as a notice (registry.ts registers it). */
export const AGREEMENT_NOTICE_WIDGET = 'AgreementNoticeWidget';

const asked = (policy: CancellationPolicy, kind: ClosingFieldKind | 'comment' | 'agreement'): boolean => {
  const rule = policy.closingForm;
  if (rule === undefined) return true;
  if (kind === 'agreement') return true;
  return (rule.ask as string[]).includes(kind);
};

/**
 * The closing form step as the policy's declaration screen. `opened` is true when the cancel-now
 * control led here: the screen then takes the control's heading and button. A field the policy does
 * not ask is hidden (the checker refuses a required one, so leaving it out passes the form's validator),
 * and so is a comment where the control opened it: a declaration sends no survey to keep it in.
 */
export function declarationStep(step: FormStep, policy: CancellationPolicy, opened: boolean): FormStep {
  const uiSchema: JsonSchema = { ...step.form.uiSchema };
  for (const field of step.fields) {
    if (!asked(policy, field.kind) || (opened && field.kind === 'comment')) uiSchema[field.id] = { 'ui:widget': 'hidden' };
    else if (field.kind === 'agreement' && policy.closingForm?.agreement === 'information') uiSchema[field.id] = { 'ui:widget': AGREEMENT_NOTICE_WIDGET };
  }
  const control = policy.cancelNow;
  const texts = opened && control ? { heading: control.heading, title: control.heading, submit: control.submit } : {};
  return { ...step, ...texts, form: { ...step.form, uiSchema } };
}

/** What the declaration screen starts with: an agreement that is information is met by showing it; hidden fields hold nothing. */
export function declarationData(step: FormStep, policy: CancellationPolicy, data: StepData): StepData {
  const values: Record<string, unknown> = { ...data };
  for (const field of step.fields) {
    if (!asked(policy, field.kind)) delete values[field.id];
    else if (field.kind === 'agreement' && policy.closingForm?.agreement === 'information') values[field.id] = true;
  }
  return values as StepData;
}

/** The name the declaration was made in: the value of the form's name field. */
export function declaredName(step: FormStep, data: StepData): string {
  const field = step.fields.find((f) => f.kind === 'name');
  const value = field ? (data as Record<string, unknown>)[field.id] : undefined;
  return typeof value === 'string' ? value.trim() : '';
}

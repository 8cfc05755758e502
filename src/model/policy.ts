// Cancellation policies (survey/policies.yaml): the rules a country's consumer law sets for the flow.
// The compiler emits them into the bundle; the server picks one per customer from `country_code`,
// the page enforces it, and the checker proves it on every compiled flow before the build ships.

/** Whether the survey's questions may be required before the cancellation is declared. */
export type SurveyRule =
  /** The spec's flow: every question is answered before the closing form. */
  | 'required'
  /** Questions are asked, each marked optional; one left unanswered leads to the declaration. */
  | 'optional'
  /** No question before the declaration: the page opens on it. */
  | 'after-cancellation';

/** When the declared cancellation takes effect. */
export type EffectRule =
  /** The spec's: when the customer opens the link of the confirmation email. */
  | 'email-link'
  /** At once, when the customer confirms on the page; the email is the receipt, with an undo link. */
  | 'immediate';

/** Whether retention offers may be shown during the cancellation. */
export type OffersRule =
  /** Shown as the survey places them. */
  | 'allowed'
  /** Shown only with a cancel control beside them on the same screen. */
  | 'beside-cancel'
  /** Never shown: every offer step is passed by, and the offer calls refuse. */
  | 'withheld';

/** A field the declaration screen may ask for (see FormField): who the customer is and where to reach them. */
export type ClosingFieldKind = 'name' | 'email';

/**
 * What the closing form may ask under a policy. Where a policy has one, the page shows the policy's
 * declaration screen in place of the survey's closing form: the contract, the kind of cancellation and
 * its end, the fields of `ask`, and the agreement as `agreement` says; the survey form's other fields
 * are left out, and a required one of them is a checker error.
 */
export interface ClosingFormRule {
  /** The fields it asks. */
  ask: ClosingFieldKind[];
  /** `gate`: the agreement must be ticked (the spec's); `information`: it is shown as a notice, not asked. */
  agreement: 'gate' | 'information';
  /** What the declaration is in law, as its summary says it; absent: `termination`. (The schema checks it; the page reads anything else as a termination.) */
  declares?: 'termination' | 'withdrawal';
}

/** The control that leads from any screen straight to the declaration, and the declaration screen's texts. */
export interface CancelControl {
  /** The control's label (an English survey text, translated in the catalogs), e.g. 'Cancel now'. */
  label: string;
  /** The declaration screen's heading. */
  heading: string;
  /** The declaration screen's button, e.g. 'Cancel now' ('Jetzt kündigen'). */
  submit: string;
  /** Where the control stands: on every screen of the survey, or only beside each retention offer. */
  on: 'every-screen' | 'offers';
}

/** One compiled policy. */
export interface CancellationPolicy {
  id: string;
  /** Raised by the product manager on every change of its rules; recorded with every cancellation. */
  version: number;
  /** A draft is enforced where it is mapped, but the checker reports its violations as warnings. */
  draft: boolean;
  /** What the policy stands for, e.g. 'Germany, §312k BGB'. */
  title: string;
  survey: SurveyRule;
  /** Absent: no such control (the spec's flow). */
  cancelNow?: CancelControl;
  /** The most screens shown before the cancellation is declared, the declaration's own included; absent: no limit. */
  maxScreens?: number;
  effect: EffectRule;
  /** With `effect: immediate`: how many days the receipt's undo link works. */
  undoDays?: number;
  offers: OffersRule;
  /** Absent: the closing form as the survey writes it. */
  closingForm?: ClosingFormRule;
}

/** The compiled policies and which country follows which. */
export interface CompiledPolicies {
  /** The policy of every country the map does not name (the spec's flow). */
  default: string;
  /** `country_code` (an ISO 3166-1 alpha-2 code, or a subdivision such as `US-MN`) to policy id. */
  countries: Record<string, string>;
  policies: Record<string, CancellationPolicy>;
}

/** The id of the policy that is the spec's flow. */
export const SPEC_DEFAULT_POLICY = 'spec-default';

/** The spec's flow as a policy: what a project without policies.yaml follows everywhere. */
export const SPEC_DEFAULT: CancellationPolicy = {
  id: SPEC_DEFAULT_POLICY,
  version: 1,
  draft: false,
  title: 'The spec’s flow',
  survey: 'required',
  effect: 'email-link',
  offers: 'allowed',
};

/**
 * The policy a customer of `countryCode` follows: the map's entry for the code as given (`US-MN`),
 * else for its country (`US`), else the default.
 */
export function policyFor(policies: CompiledPolicies, countryCode: string): CancellationPolicy {
  const code = countryCode.trim().toUpperCase();
  const id = policies.countries[code] ?? policies.countries[code.split('-')[0] ?? ''] ?? policies.default;
  return policies.policies[id] ?? policies.policies[policies.default] ?? SPEC_DEFAULT;
}

/**
 * Whether the page may send declare-cancellation under the policy: a cancellation that takes effect
 * at once, or a declaration opened before the questions are all answered (by the cancel-now control,
 * an optional question left unanswered, or questions that come after it). Otherwise the survey is
 * sent and the emailed link confirms, as the spec's flow does.
 */
export function declaresOnPage(policy: CancellationPolicy): boolean {
  return policy.effect === 'immediate' || policy.cancelNow !== undefined || policy.survey !== 'required';
}

/** Whether the policy changes nothing of the spec's flow. */
export function isSpecFlow(policy: CancellationPolicy): boolean {
  return (
    policy.survey === 'required' &&
    policy.cancelNow === undefined &&
    policy.effect === 'email-link' &&
    policy.offers === 'allowed' &&
    policy.closingForm === undefined
  );
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const oneOf = <T extends string>(value: unknown, values: readonly T[]): value is T => typeof value === 'string' && (values as readonly string[]).includes(value);
const optionalNumber = (value: unknown): boolean => value === undefined || (typeof value === 'number' && Number.isInteger(value) && value > 0);

function isCancelControl(value: unknown): value is CancelControl {
  return (
    isRecord(value) &&
    ['label', 'heading', 'submit'].every((key) => typeof value[key] === 'string' && value[key] !== '') &&
    oneOf(value.on, ['every-screen', 'offers'] as const)
  );
}

function isClosingFormRule(value: unknown): value is ClosingFormRule {
  return isRecord(value) && Array.isArray(value.ask) && value.ask.every((kind) => oneOf(kind, ['name', 'email'] as const)) && oneOf(value.agreement, ['gate', 'information'] as const);
}

/**
 * A policy as get-context sends it (our addition to spec §7: the policy travels with the user
 * context), when it has the shape of one; undefined otherwise, and the page follows the spec's flow.
 */
export function readPolicy(value: unknown): CancellationPolicy | undefined {
  if (!isRecord(value) || typeof value.id !== 'string' || typeof value.version !== 'number' || typeof value.title !== 'string') return undefined;
  const valid =
    typeof value.draft === 'boolean' &&
    oneOf(value.survey, ['required', 'optional', 'after-cancellation'] as const) &&
    oneOf(value.effect, ['email-link', 'immediate'] as const) &&
    oneOf(value.offers, ['allowed', 'beside-cancel', 'withheld'] as const) &&
    (value.cancelNow === undefined || isCancelControl(value.cancelNow)) &&
    (value.closingForm === undefined || isClosingFormRule(value.closingForm)) &&
    optionalNumber(value.maxScreens) &&
    optionalNumber(value.undoDays);
  return valid ? (value as unknown as CancellationPolicy) : undefined;
}

/** The body of declare-cancellation (our addition): who declares, and the screens shown before. */
export interface DeclarationRequest {
  name: string;
  /** The survey's steps the customer saw before the declaration, in order. */
  screens: string[];
}

/** What declare-cancellation answers: the declaration as recorded. */
export interface DeclarationReceipt {
  effect: EffectRule;
  /** The record's reference, e.g. C-7K2M9Q4T. */
  reference: string;
  declared_at: string;
  /** `immediate`: when it took effect (the declaration's time). */
  effective_at?: string;
  /** `immediate`: until when the receipt's undo link works. */
  undo_until?: string;
  /** Where the receipt or the confirmation email went. */
  email: string;
  /** Present when the declaration was a withdrawal from the contract (the policy's `closingForm.declares`). */
  declares?: 'withdrawal';
}

/** How the audit trail names the policy's declaration screen among the survey's steps. */
export const DECLARATION_SCREEN = 'declaration';

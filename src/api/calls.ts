// Every server call of spec §7 as one row of a table; one mechanism turns the rows into functions.
import { readPolicy, type AssignedVariant, type ContextResponse, type DeclarationReceipt, type DeclarationRequest, type PendingCancellation, type SurveyPayload, type VisitEventBatch } from '../model';
import { csrfToken, setCsrfToken } from './csrf';
import { request, RequestError } from './request';

/** One call: how to address it, whether it carries the CSRF token, and the label its failures get (spec §8). */
interface CallSpec<Args extends unknown[], Result> {
  label: string;
  method: 'GET' | 'POST';
  /** `segment` is the toolkit's API segment (DESIGN §6). */
  url: (segment: string, ...args: Args) => string;
  csrf: boolean;
  body?: (...args: Args) => unknown;
  headers?: (...args: Args) => Record<string, string>;
  /** Turns the parsed body into the call's result; throwing marks the answer as unusable. */
  read?: (body: unknown) => Result;
  /** A failure that is an answer after all (undefined: it stays a failure). */
  recover?: (error: RequestError) => Result | undefined;
}

const spec = <Args extends unknown[], Result = unknown>(s: CallSpec<Args, Result>) => s;
const field = (body: unknown, name: string): unknown =>
  typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
const api = (segment: string, rest: string) => `/cancel/api/${encodeURIComponent(segment)}/${rest}`;

/** The context's pending cancellations (our addition); entries of another shape are left out, never a failure. */
function pendingOf(value: unknown): PendingCancellation[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (entry): entry is PendingCancellation =>
      typeof field(entry, 'toolkit') === 'string' &&
      typeof field(entry, 'email_sent_at') === 'string' &&
      typeof field(entry, 'resend_in_seconds') === 'number',
  );
}

/** The context's experiment variants (our addition); an entry without its survey and overlay is left out. */
const variantsOf = (value: unknown): AssignedVariant[] =>
  Array.isArray(value) ? value.filter((entry) => typeof field(entry, 'survey') === 'string' && typeof field(entry, 'overlay') === 'object') : [];

/** A declaration's answer, checked: the page shows its reference and times. */
function receiptOf(body: unknown): DeclarationReceipt {
  const effect = field(body, 'effect');
  const strings = ['reference', 'declared_at', 'email'].map((name) => field(body, name));
  if ((effect !== 'immediate' && effect !== 'email-link') || !strings.every((value) => typeof value === 'string')) {
    throw new Error('the answer is not a declaration receipt');
  }
  return body as DeclarationReceipt;
}

/** The calls of spec §7 with their §8 labels. */
export const CALLS = {
  getContext: spec<[], ContextResponse>({
    label: "User data wasn't received",
    method: 'GET',
    url: () => '/cancel/api/get-context/',
    csrf: false,
    read: (body) => {
      const user = field(body, 'user');
      if (user === undefined || (user !== null && typeof user !== 'object')) throw new Error('the answer has no user field');
      const pending = field(body, 'pending_cancellations');
      const policy = readPolicy(field(body, 'policy'));
      const experiments = variantsOf(field(body, 'experiments'));
      return {
        user,
        ...(pending === undefined ? {} : { pending_cancellations: pendingOf(pending) }),
        ...(policy === undefined ? {} : { policy }),
        ...(experiments.length === 0 ? {} : { experiments }),
      } as ContextResponse;
    },
    // A visitor without a session is no user (spec §4: stop), not a failure.
    recover: (error) => (error.status === 401 ? { user: null } : undefined),
  }),
  getCsrfToken: spec<[], string>({
    label: "CSRF token wasn't received",
    method: 'GET',
    url: () => '/cancel/api/get-csrf-token/',
    csrf: false,
    read: (body) => {
      const token = field(body, 'csrf_token');
      if (typeof token !== 'string' || token === '') throw new Error('the answer has no csrf_token');
      setCsrfToken(token);
      return token;
    },
  }),
  sendConfirmationEmail: spec<[idempotencyKey: string]>({
    label: 'Send confirmation email was failed',
    method: 'POST',
    url: (segment) => api(segment, 'send-confirmation-email/'),
    csrf: true,
    body: () => ({}),
    headers: (idempotencyKey) => ({ 'Idempotency-Key': idempotencyKey }),
  }),
  isConfirmed: spec<[]>({
    label: "Cancellation wasn't confirmed",
    method: 'GET',
    url: (segment) => api(segment, 'is-confirmed/'),
    csrf: false,
  }),
  confirm: spec<[key: string]>({
    label: 'Confirm unsubscribe request was failed',
    method: 'GET',
    url: (segment, key) => api(segment, `confirm/?key=${encodeURIComponent(key)}`),
    csrf: true,
  }),
  eligibleForOffer: spec<[], boolean>({
    label: "Eligible for offer wasn't set",
    method: 'GET',
    url: (segment) => api(segment, 'eligible-for-offer/'),
    csrf: false,
    read: (body) => field(body, 'result') === true,
  }),
  /** `offer` is the id of the survey step that showed the offer, so the record says which one was accepted. */
  acceptOffer: spec<[offer: string, idempotencyKey: string]>({
    label: 'Accept offer was failed',
    method: 'POST',
    url: (segment) => api(segment, 'accept-offer/'),
    csrf: true,
    body: (offer) => ({ offer }),
    headers: (_offer, idempotencyKey) => ({ 'Idempotency-Key': idempotencyKey }),
  }),
  // A GET that changes the subscription (spec §7): it carries the CSRF token like a write (decision 17).
  downgrade: spec<[plan: string, idempotencyKey: string]>({
    label: 'Downgrade subscription was failed',
    method: 'GET',
    url: (segment, plan) => api(segment, `downgrade/?to=${encodeURIComponent(plan)}`),
    csrf: true,
    headers: (_plan, idempotencyKey) => ({ 'Idempotency-Key': idempotencyKey }),
  }),
  storeSurvey: spec<[payload: SurveyPayload, idempotencyKey: string]>({
    label: "Survey didn't send to survey storage",
    method: 'POST',
    url: () => '/cancel/api/survey-storage/survey-monitoring/',
    csrf: true,
    body: (payload) => payload,
    headers: (_payload, idempotencyKey) => ({ 'Idempotency-Key': idempotencyKey }),
  }),
};

/** Our additions to spec §7 (docs/architecture.md), labelled in the same way. */
export const ADDED_CALLS = {
  /** Our addition: the cancellation declared on a policy's declaration screen. */
  declareCancellation: spec<[declaration: DeclarationRequest, idempotencyKey: string], DeclarationReceipt>({
    label: "Cancellation wasn't declared",
    method: 'POST',
    url: (segment) => api(segment, 'declare-cancellation/'),
    csrf: true,
    body: (declaration) => declaration,
    headers: (_declaration, idempotencyKey) => ({ 'Idempotency-Key': idempotencyKey }),
    read: receiptOf,
  }),
  /** Our addition: the receipt's undo link, taken. */
  undoCancellation: spec<[key: string]>({
    label: "Cancellation wasn't undone",
    method: 'POST',
    url: (segment) => api(segment, 'undo-cancellation/'),
    csrf: true,
    body: (key) => ({ key }),
  }),
};

/**
 * Our addition for retention insights: calls no customer waits for. A failure never shows the banner;
 * the visit recorder (src/app/visit-recorder.ts) sends what failed with its next batch.
 */
export const INSIGHTS_CALLS = {
  /** A batch of a survey visit's events. */
  recordVisitEvents: spec<[batch: VisitEventBatch]>({
    label: "Visit events weren't recorded",
    method: 'POST',
    url: () => '/cancel/api/visit-events/',
    csrf: true,
    body: (batch) => batch,
  }),
};

type Calls = typeof CALLS & typeof ADDED_CALLS & typeof INSIGHTS_CALLS;
type ArgsOf<S> = S extends CallSpec<infer A, unknown> ? A : never;
type ResultOf<S> = S extends CallSpec<never, infer R> ? R : never;

/** The client of one page: every call of the table bound to the page's API segment and label prefix. */
export type ApiClient = { [K in keyof Calls]: (...args: ArgsOf<Calls[K]>) => Promise<ResultOf<Calls[K]>> };

/** A call that failed, labelled as spec §8 says; the underlying RequestError is the cause. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly label: string,
    override readonly cause: unknown,
  ) {
    super(`${label}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

/** Where a page's calls go: the toolkit's API segment and its label prefix ('SST', 'Trends'). */
export interface ApiScope {
  segment: string;
  labelPrefix?: string;
}

/** The label a call's failure carries on a page: 'SST: Send confirmation email was failed'. */
export function labelFor(label: string, labelPrefix?: string): string {
  return labelPrefix ? `${labelPrefix}: ${label}` : label;
}

function bind<Args extends unknown[], Result>(s: CallSpec<Args, Result>, scope: ApiScope) {
  return async (...args: Args): Promise<Result> => {
    const url = s.url(scope.segment, ...args);
    try {
      const body = await request(url, {
        method: s.method,
        body: s.body?.(...args),
        headers: s.headers?.(...args),
        csrfToken: s.csrf ? csrfToken() : undefined,
      });
      return s.read ? s.read(body) : (body as Result);
    } catch (error) {
      const recovered = error instanceof RequestError ? s.recover?.(error) : undefined;
      if (recovered !== undefined) return recovered;
      throw new ApiError(labelFor(s.label, scope.labelPrefix), error);
    }
  };
}

/** Builds the client for one page from the table: no call is written out by hand. */
export function createApi(scope: ApiScope): ApiClient {
  const entries = Object.entries({ ...CALLS, ...ADDED_CALLS, ...INSIGHTS_CALLS }).map(([name, s]) => [name, bind(s as CallSpec<unknown[], unknown>, scope)]);
  return Object.fromEntries(entries) as ApiClient;
}

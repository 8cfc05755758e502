// The server's judgement of a submitted payload: it replays the payload's path through the engine,
// checks each step's data with the page's own validators, rebuilds the payload and compares.
import { PAYLOAD_SLOTS, type Audience, type CompiledStep, type CompiledSurvey, type PathMove, type PayloadSlot, type QuestionEntry, type SurveyPayload } from '../model';
import { kindOf } from './kinds';
import { isOfferStep } from './kinds/offer';
import { buildPayload } from './payload';
import { startSurvey } from './start';
import { SurveyTransitionError, type StepData, type SurveyState } from './state';
import { answerIdsOf, currentStep, flowOf, isConditional, stepAt } from './steps';
import { transition } from './transition';

/** One failed rule of a step's form: the data field, the JSON Schema keyword, and the limit it quotes. */
export interface ValidationFailure {
  field: string;
  keyword: string;
  limit?: number;
}

/** Checks a step's data as the page does (the server passes the precompiled validators); an offer has nothing to check. */
export type StepValidation = (step: CompiledStep, data: StepData) => ValidationFailure[];

/** What the replay needs beyond the payload. */
export interface ReplayContext {
  /** The signed-in customer's product group: a declined downgrade records the plans it showed them. */
  productGroup: string;
  validate: StepValidation;
}

const ON_THE_PATH = 'the question of this slot on the path the answers take';

const missing = (slot: string, question: string): string => `survey.${slot}: is missing; the path the answers take asks '${question}'`;

/** Characters as JSON Schema's maxLength (and so the form's validator) counts them: code points. */
const characters = (text: string): number => [...text].length;

function failureText(failure: ValidationFailure): string {
  switch (failure.keyword) {
    case 'maxLength':
      return `must be at most ${failure.limit ?? 0} characters`;
    case 'minItems':
      return `must hold at least ${failure.limit ?? 0} answers`;
    case 'maxItems':
      return `must hold at most ${failure.limit ?? 0} answers`;
    case 'const':
      return 'must be true';
    case 'enum':
    case 'minimum':
    case 'maximum':
    case 'type':
      return 'is not one of the answers of its question';
    default:
      // required, pattern: the text is missing or only blanks (spec §5: blank after trimming fails).
      return 'must not be blank';
  }
}

/** The slot a payload field names (`survey.third_question.comment` → third_question), if it names one. */
const slotOfField = (field: string): string | undefined => /^survey\.([a-z_]+)\./.exec(field)?.[1];

interface Replayed {
  state: SurveyState;
  /** The question each slot is asked with on the path (its first writer's). */
  questions: Map<PayloadSlot, string>;
  /** What is wrong with the answers of each step's entry, in path order, as `field: what is wrong`. */
  answers: string[];
  /** The first failed rule of each step, in path order, as `field: what is wrong`. */
  failures: string[];
}

/** Walks the payload's path through transition(), checking each step's data; a path that does not fit the survey is a problem. */
function replay(survey: CompiledSurvey, audience: Audience, payload: SurveyPayload, context: ReplayContext): Replayed | string {
  const flow = survey.audiences[audience];
  const path: PathMove[] = payload.path;
  const shown = path.filter((move) => isConditional(stepAt(flow, move.step))).map((move) => move.step);
  let state = transition(survey, startSurvey(survey, audience, () => 0), { type: 'offers', available: [...new Set(shown)] });
  const failures: string[] = [];
  const questions = new Map<PayloadSlot, string>();
  const answers: string[] = [];
  for (const [index, move] of path.entries()) {
    if (state.status !== 'answering') return `path[${index}]: the survey has ended before this step`;
    const step = currentStep(survey, state);
    if (move.step !== step.id) return `path[${index}].step: must be '${step.id}' (the step the path leads to)`;
    const kind = kindOf(step);
    for (const [slot, question] of kind.questions(step)) {
      if (!questions.has(slot)) questions.set(slot, question);
      const entry = payload.survey[slot];
      const problem = entry && questions.get(slot) === question ? kind.answersProblem?.(step, entry) : undefined;
      if (problem !== undefined) answers.push(`survey.${slot}.${problem}`);
    }
    const data = kind.dataFromPayload(step, move, payload);
    // An answer the page never names so ('07', '7.0' or ' 7' for a rating's 7) is no answer of the step,
    // though it reads as one: stored, the path would be counted apart from the page's own.
    const named = move.answer === undefined || answerIdsOf(step).has(move.answer);
    if (!named) failures.push(`path[${index}].answer: '${move.answer}' is not an answer of step '${step.id}'`);
    for (const failure of named ? context.validate(step, data).slice(0, 1) : []) {
      const field = kind.payloadField(step, failure.field);
      const slot = slotOfField(field);
      // A missing entry is reported as missing, not as a blank text.
      if (slot === undefined || payload.survey[slot as keyof SurveyPayload['survey']] !== undefined) failures.push(`${field}: ${failureText(failure)}`);
    }
    try {
      state = transition(survey, state, { type: 'continue', data });
    } catch (error) {
      if (!(error instanceof SurveyTransitionError)) throw error;
      // Said here, not by the kinds: the page never continues without an answer, and its code stays smaller.
      // Nothing chosen: no `answer`, and no `answers` the step reads (a list given to a step of one answer is not read).
      const missing = move.answer === undefined && (data as { answers?: unknown }).answers === undefined;
      const asList = move.answers === undefined ? '' : ", as 'answer' ('answers' is for a step that takes several)";
      return `path[${index}].answer: ${missing ? `is missing: step '${step.id}' is answered with one of its answers${asList}` : error.message}`;
    }
    // What the page records of this step (PathMove), once its data led on: a field it never writes would be stored unread.
    const recorded = kind.moveOf(step, data);
    const unread = (['answer', 'answers'] as const).find((field) => move[field] !== undefined && recorded[field] === undefined);
    if (unread !== undefined) return `path[${index}].${unread}: step '${step.id}' records no ${unread === 'answer' ? 'single answer' : 'list of answers'}; leave it out`;
    // The page lists a multi step's answers in the step's order, as the payload's entry does.
    if (move.answers !== undefined && JSON.stringify(move.answers) !== JSON.stringify(recorded.answers)) {
      failures.push(`path[${index}].answers: must be ${JSON.stringify(recorded.answers)} (in the step's order)`);
    }
  }
  if (state.status === 'retained') return 'path: ends on an accepted offer, which submits no survey';
  if (state.status !== 'complete') return `path: stops on '${currentStep(survey, state).id}' before the survey ends`;
  return { state, questions, answers, failures };
}

function entryProblem(slot: string, entry: QuestionEntry, expected: QuestionEntry): string | undefined {
  const field = `survey.${slot}`;
  if (entry.answers_translated.length !== entry.answers.length) {
    return `${field}.answers_translated: must have one item per answer (${entry.answers.length})`;
  }
  if (expected.answers.length === 0 && entry.answers.length > 0) return `${field}.answers: must be empty (the question is answered with text)`;
  if (JSON.stringify(entry.answers) !== JSON.stringify(expected.answers)) {
    return `${field}.answers: must be ${JSON.stringify(expected.answers)} (the answers the path names)`;
  }
  if (characters(entry.comment) > 0 && expected.comment === '') return `${field}.comment: must be empty (the answer has no text box)`;
  if (entry.comment !== expected.comment) return `${field}.comment: must be the text of the box it came from, trimmed`;
  return undefined;
}

function retentionProblem(payload: SurveyPayload, expected: SurveyPayload, survey: CompiledSurvey, audience: Audience): string | undefined {
  const records = payload.retention ?? [];
  const wanted = expected.retention ?? [];
  const flow = flowOf(survey, { audience });
  for (const [index, record] of records.entries()) {
    const field = `retention[${index}]`;
    const shown = wanted.find((w) => w.offer === record.offer);
    if (shown === undefined) return `${field}.offer: '${record.offer}' is not an offer on the path the answers take`;
    const step = stepAt(flow, record.offer);
    if (step && isOfferStep(step) && !step.offer.toolkits.includes(payload.toolkit)) return `${field}.offer: the ${payload.toolkit} page does not offer '${record.offer}'`;
    if (record.kind !== shown.kind) return `${field}.kind: must be '${shown.kind}'`;
    if (records.findIndex((other) => other.offer === record.offer) !== index) return `${field}.offer: '${record.offer}' is declined once only`;
    if (JSON.stringify(record) !== JSON.stringify(shown)) return `${field}: must say what the offer showed (${JSON.stringify(shown)})`;
  }
  const unlisted = wanted.find((w) => !records.some((record) => record.offer === w.offer));
  if (unlisted !== undefined) return `retention: must list the offer '${unlisted.offer}', which the path declines`;
  return undefined;
}

/** The offers on the path that the payload's toolkit does not show. */
function foreignOffer(survey: CompiledSurvey, audience: Audience, payload: SurveyPayload): string | undefined {
  const flow = survey.audiences[audience];
  for (const [index, move] of payload.path.entries()) {
    const step = stepAt(flow, move.step);
    if (step && isOfferStep(step) && !step.offer.toolkits.includes(payload.toolkit)) return `path[${index}].step: the ${payload.toolkit} page does not offer '${move.step}'`;
  }
  return undefined;
}

/**
 * Checks a schema-valid payload against the compiled survey the customer answered, as the engine
 * itself would: its `path` is replayed through transition() for the customer's audience, each
 * step's data (read back from the payload's texts) passes the page's own validators, and the
 * payload rebuilt by buildPayload() must agree with what was sent: every question of the path in
 * its slot, with the answers the path names and the comment of the box it came from, nothing else,
 * and every declined offer listed as the offer showed it. Returns `field: what is wrong`, or undefined.
 */
export function replayProblem(survey: CompiledSurvey, audience: Audience, payload: SurveyPayload, context: ReplayContext): string | undefined {
  const replayed = replay(survey, audience, payload, context);
  if (typeof replayed === 'string') return replayed;
  const expected = buildPayload(survey, replayed.state, {
    user: { email: payload.email, product_group: context.productGroup },
    timestamp: payload.timestamp,
    toolkit: payload.toolkit,
    translate: (english) => english,
  });
  for (const [slot, question] of replayed.questions) {
    const entry = payload.survey[slot];
    if (entry && entry.question !== question) return `survey.${slot}.question: must be '${question}' (${ON_THE_PATH})`;
  }
  if (replayed.answers[0] !== undefined) return replayed.answers[0];
  // What the customer wrote is checked before what is missing: a comment over its limit is the likelier mistake.
  if (replayed.failures[0] !== undefined) return replayed.failures[0];
  // The page sends the name trimmed, as it sends every comment.
  if (payload.name !== expected.name) return 'name: must be trimmed (the closing form sends it without blanks around it)';
  for (const slot of PAYLOAD_SLOTS) {
    const entry = payload.survey[slot];
    const wanted = expected.survey[slot];
    const problem = entry && wanted ? entryProblem(slot, entry, wanted) : undefined;
    if (problem !== undefined) return problem;
  }
  for (const slot of PAYLOAD_SLOTS) {
    const wanted = expected.survey[slot];
    if (wanted && payload.survey[slot] === undefined) return missing(slot, wanted.question);
  }
  for (const slot of PAYLOAD_SLOTS) {
    if (payload.survey[slot] !== undefined && expected.survey[slot] === undefined) {
      // Asked on the path but left unanswered (an optional comment left blank, a rating without a number): the page sends no entry.
      const asked = replayed.questions.get(slot);
      if (asked !== undefined) return `survey.${slot}: must be left out: the path the answers take leaves '${asked}' unanswered`;
      return `survey.${slot}: is not asked on the path the answers take in the ${survey.id} survey`;
    }
  }
  return retentionProblem(payload, expected, survey, audience) ?? foreignOffer(survey, audience, payload);
}

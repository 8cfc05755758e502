import {
  PAYLOAD_SLOTS,
  type Audience,
  type ChoiceAnswer,
  type CompiledFlow,
  type CompiledStep,
  type CompiledSurvey,
  type OfferStep,
  type PayloadSlot,
  type QuestionEntry,
  type StepId,
  type SurveyPayload,
  type TextInput,
} from '../model';

/**
 * The most characters a comment may have. `Infinity` where the survey sets no limit (the body limit
 * still applies), 0 where the question has no text box at all.
 */
type CommentLimit = number;

/** What one slot of the payload must hold, from the step of the path that fills it. */
interface Expected {
  question: string;
  /** A choice step's entry holds exactly its chosen answer; a text step's or a form comment's, none. */
  answer?: string;
  limit: CommentLimit;
  /** A form's comment is left out when it is empty; a question of the path is always there. */
  optional: boolean;
}

/** Where the payload's answers lead: what each slot must hold, and the offers passed on the way. */
interface Walk {
  expected: Map<PayloadSlot, Expected>;
  offers: Map<StepId, OfferStep>;
  /** Why the walk could not go on: a question of the path is missing or has no answer of its own. */
  stopped?: string;
}

const ON_THE_PATH = 'the question of this slot on the path the answers take';

const missing = (slot: PayloadSlot, question: string): string => `survey.${slot}: is missing; the path the answers take asks '${question}'`;

const limitOf = (input: TextInput | undefined): CommentLimit =>
  input === undefined ? 0 : (input.maxLength ?? Number.POSITIVE_INFINITY);

/**
 * Follows the compiled flow from its start as buildPayload() does, taking at each question the
 * answer the payload gives. Step 3.5 (a text step after a choice of the same slot) becomes the
 * choice's comment; an offer is passed whether or not it was shown. Stops at the first question
 * the payload does not answer with one of that question's answers.
 */
function walk(flow: CompiledFlow, payload: SurveyPayload): Walk {
  const expected = new Map<PayloadSlot, Expected>();
  const offers = new Map<StepId, OfferStep>();
  const visited = new Set<StepId>();
  for (let id: StepId | undefined = flow.start; id !== undefined; ) {
    const step: CompiledStep | undefined = flow.steps[id];
    // The compiler refuses loops and unknown steps; this only keeps a broken bundle from spinning.
    if (step === undefined || visited.has(id)) throw new Error(`the compiled flow breaks at step '${id}'`);
    visited.add(id);
    switch (step.type) {
      case 'choice': {
        const entry: QuestionEntry | undefined = payload.survey[step.slot];
        const stop = (stopped: string): Walk => ({ expected, offers, stopped });
        const field = `survey.${step.slot}`;
        if (entry === undefined) return stop(missing(step.slot, step.question));
        if (entry.question !== step.question) return stop(`${field}.question: must be '${step.question}' (${ON_THE_PATH})`);
        if (entry.answers.length !== 1) return stop(`${field}.answers: must hold exactly one answer`);
        const answer: ChoiceAnswer | undefined = step.answers.find((a) => a.text === entry.answers[0]);
        if (answer === undefined) return stop(`${field}.answers[0]: is not an answer to '${step.question}'`);
        expected.set(step.slot, { question: step.question, answer: answer.text, limit: limitOf(answer.input), optional: false });
        id = answer.next;
        break;
      }
      case 'text': {
        const before = expected.get(step.slot);
        const limit = limitOf(step.input);
        expected.set(step.slot, before ? { ...before, limit } : { question: step.question, limit, optional: false });
        id = step.next;
        break;
      }
      case 'offer':
        offers.set(step.id, step);
        id = step.next;
        break;
      case 'form':
        for (const field of step.fields) {
          if (field.kind !== 'comment' || expected.has(field.slot)) continue;
          expected.set(field.slot, { question: field.label, limit: field.maxLength ?? Number.POSITIVE_INFINITY, optional: true });
        }
        id = undefined;
        break;
    }
  }
  return { expected, offers };
}

/** Characters as JSON Schema's maxLength (and so the form's validator) counts them: code points. */
const characters = (text: string): number => [...text].length;

function entryProblem(slot: PayloadSlot, entry: QuestionEntry, expected: Expected): string | undefined {
  const field = `survey.${slot}`;
  if (entry.question !== expected.question) return `${field}.question: must be '${expected.question}' (${ON_THE_PATH})`;
  if (entry.answers_translated.length !== entry.answers.length) {
    return `${field}.answers_translated: must have one item per answer (${entry.answers.length})`;
  }
  if (expected.answer === undefined && entry.answers.length > 0) return `${field}.answers: must be empty (the question is answered with text)`;
  const length = characters(entry.comment);
  if (length > 0 && expected.limit === 0) return `${field}.comment: must be empty (the answer has no text box)`;
  if (length > expected.limit) return `${field}.comment: must be at most ${expected.limit} characters`;
  return undefined;
}

function retentionProblem(payload: SurveyPayload, offers: ReadonlyMap<StepId, OfferStep>): string | undefined {
  for (const [index, record] of (payload.retention ?? []).entries()) {
    const field = `retention[${index}]`;
    const step = offers.get(record.offer);
    if (step === undefined) return `${field}.offer: '${record.offer}' is not an offer on the path the answers take`;
    if (!step.offer.toolkits.includes(payload.toolkit)) return `${field}.offer: the ${payload.toolkit} page does not offer '${record.offer}'`;
    if (record.kind !== step.offer.kind) return `${field}.kind: must be '${step.offer.kind}'`;
    if ((payload.retention ?? []).findIndex((other) => other.offer === record.offer) !== index) {
      return `${field}.offer: '${record.offer}' is declined once only`;
    }
  }
  return undefined;
}

/**
 * Checks a schema-valid payload against the compiled survey the customer answered (the one of the
 * payload's toolkit, as the customer's audience sees it), along the path its answers take: every
 * question on that path is answered in its slot with one of its answers, nothing else is, each
 * comment fits the text box it came from, and each declined offer lies on the path and is shown on
 * the payload's toolkit. The limits live in the survey YAML, so they are read from the compiled
 * survey rather than written into the payload schema. Returns `field: what is wrong`, or undefined.
 */
export function surveyAnswerProblem(survey: CompiledSurvey, audience: Audience, payload: SurveyPayload): string | undefined {
  const path = walk(survey.audiences[audience], payload);
  // What the customer wrote is checked first: a comment over its limit is the likelier mistake.
  for (const [slot, expected] of path.expected) {
    const entry = payload.survey[slot];
    const problem = entry === undefined ? undefined : entryProblem(slot, entry, expected);
    if (problem !== undefined) return problem;
  }
  if (path.stopped !== undefined) return path.stopped;
  for (const slot of PAYLOAD_SLOTS) {
    const expected = path.expected.get(slot);
    if (payload.survey[slot] === undefined) {
      if (expected !== undefined && !expected.optional) return missing(slot, expected.question);
    } else if (expected === undefined) {
      return `survey.${slot}: is not asked on the path the answers take in the ${survey.id} survey`;
    }
  }
  return retentionProblem(payload, path.offers);
}

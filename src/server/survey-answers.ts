import {
  PAYLOAD_SLOTS,
  type Audience,
  type CompiledFlow,
  type CompiledStep,
  type CompiledSurvey,
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

/** What a payload entry may hold when it comes from one question of the survey. */
type Source =
  /** A choice step: exactly one of its answers, each with the limit of the comment it allows. */
  | { kind: 'choice'; question: string; answers: ReadonlyMap<string, CommentLimit> }
  /** A text step (3.5) or a comment field of a form: no answers, only the comment. */
  | { kind: 'text'; question: string; limit: CommentLimit };

const limitOf = (input: TextInput | undefined): CommentLimit =>
  input === undefined ? 0 : (input.maxLength ?? Number.POSITIVE_INFINITY);

function nextSteps(step: CompiledStep): StepId[] {
  switch (step.type) {
    case 'choice':
      return step.answers.map((answer) => answer.next);
    case 'text':
    case 'offer':
      return [step.next];
    case 'form':
      return [];
  }
}

/** Every step reachable from `start` (itself included). */
function reachable(flow: CompiledFlow, start: StepId): CompiledStep[] {
  const seen = new Set<StepId>();
  const found: CompiledStep[] = [];
  const queue = [start];
  for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
    const step = flow.steps[id];
    if (seen.has(id) || step === undefined) continue;
    seen.add(id);
    found.push(step);
    queue.push(...nextSteps(step));
  }
  return found;
}

/**
 * The comment limit of a choice answer. The engine writes the answer's own text box into the
 * comment, and a later text step of the same slot (3.5 after step 3's 'Yes') replaces it; either
 * may be what arrives.
 */
function answerLimit(flow: CompiledFlow, slot: PayloadSlot, input: TextInput | undefined, next: StepId): CommentLimit {
  const followers = reachable(flow, next).filter((step) => step.type === 'text' && step.slot === slot);
  return Math.max(limitOf(input), ...followers.map((step) => (step.type === 'text' ? limitOf(step.input) : 0)));
}

/** Where each slot's entry may come from in one audience's flow, as buildPayload() fills it. */
function sourcesOf(flow: CompiledFlow): Map<PayloadSlot, Source[]> {
  const sources = new Map<PayloadSlot, Source[]>(PAYLOAD_SLOTS.map((slot) => [slot, []]));
  const add = (slot: PayloadSlot, source: Source): void => {
    sources.get(slot)?.push(source);
  };
  for (const step of Object.values(flow.steps)) {
    if (step.type === 'choice') {
      const answers = new Map(step.answers.map((a) => [a.text, answerLimit(flow, step.slot, a.input, a.next)]));
      add(step.slot, { kind: 'choice', question: step.question, answers });
    }
    if (step.type === 'text') add(step.slot, { kind: 'text', question: step.question, limit: limitOf(step.input) });
    if (step.type === 'form') {
      for (const field of step.fields) {
        if (field.kind !== 'comment') continue;
        add(field.slot, { kind: 'text', question: field.label, limit: field.maxLength ?? Number.POSITIVE_INFINITY });
      }
    }
  }
  return sources;
}

// Built once per compiled flow: the bundle is loaded once and never changes while the server runs.
const sourceCache = new WeakMap<CompiledFlow, Map<PayloadSlot, Source[]>>();

function cachedSources(flow: CompiledFlow): Map<PayloadSlot, Source[]> {
  let sources = sourceCache.get(flow);
  if (sources === undefined) {
    sources = sourcesOf(flow);
    sourceCache.set(flow, sources);
  }
  return sources;
}

/** Characters as JSON Schema's maxLength (and so the form's validator) counts them: code points. */
const characters = (text: string): number => [...text].length;

function entryProblem(slot: PayloadSlot, entry: QuestionEntry, source: Source): string | undefined {
  const field = `survey.${slot}`;
  if (entry.answers_translated.length !== entry.answers.length) {
    return `${field}.answers_translated: must have one item per answer (${entry.answers.length})`;
  }
  let limit: CommentLimit;
  if (source.kind === 'choice') {
    if (entry.answers.length !== 1) return `${field}.answers: must hold exactly one answer`;
    const answerLimitFound = source.answers.get(entry.answers[0] ?? '');
    if (answerLimitFound === undefined) return `${field}.answers[0]: is not an answer to '${source.question}'`;
    limit = answerLimitFound;
  } else {
    if (entry.answers.length > 0) return `${field}.answers: must be empty (the question is answered with text)`;
    limit = source.limit;
  }
  const length = characters(entry.comment);
  if (length > 0 && limit === 0) return `${field}.comment: must be empty (the answer has no text box)`;
  if (length > limit) return `${field}.comment: must be at most ${limit} characters`;
  return undefined;
}

/**
 * Checks a schema-valid payload against the compiled survey the customer answered (the one of the
 * payload's toolkit, as the customer's audience sees it): each entry's question is a question the
 * survey asks in that slot, its answers are that question's answers, its comment fits that
 * question's text box. The limits live in the survey YAML, so they are read from the compiled
 * survey rather than written into the payload schema. Returns `field: what is wrong`, or undefined.
 */
export function surveyAnswerProblem(survey: CompiledSurvey, audience: Audience, payload: SurveyPayload): string | undefined {
  const sources = cachedSources(survey.audiences[audience]);
  for (const slot of PAYLOAD_SLOTS) {
    const entry = payload.survey[slot];
    if (entry === undefined) continue;
    const candidates = (sources.get(slot) ?? []).filter((source) => source.question === entry.question);
    if (candidates.length === 0) {
      return `survey.${slot}.question: is not a question the ${survey.id} survey asks as ${slot}`;
    }
    // Two questions may share a text; the entry is fine if it fits either.
    const problems = candidates.map((source) => entryProblem(slot, entry, source));
    if (!problems.includes(undefined)) return problems[0];
  }
  return undefined;
}

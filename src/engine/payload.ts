import type { CompiledSurvey, OfferStep, PayloadSlot, QuestionEntry, RetentionRecord, SurveyPayload, User } from '../model';
import { downgradePlans } from './offers';
import { SurveyTransitionError, type ChoiceData, type FormValues, type OfferData, type TextData, type SurveyState } from './state';
import { answerById, flowOf, stepById } from './steps';

/** Turns an English survey text into the text the customer saw. */
export type Translate = (english: string) => string;

/** What the payload needs beyond the survey state. */
export interface PayloadContext {
  /** The email goes into the payload; the product group says which plans a declined downgrade showed. */
  user: Pick<User, 'email' | 'product_group'>;
  /** When the user was loaded (spec §3). */
  timestamp: string;
  toolkit: string;
  translate: Translate;
}

const entry = (question: string, answers: string[], comment: string, t: Translate): QuestionEntry => ({
  question,
  question_translated: t(question),
  answers,
  answers_translated: answers.map(t),
  comment,
});

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** A declined offer with what it offered: the discount's numbers, or the plans shown for the product group. */
function declined(step: OfferStep, productGroup: string): RetentionRecord {
  const { offer } = step;
  if (offer.kind === 'discount') return { offer: step.id, kind: 'discount', percent: offer.percent, months: offer.months, choice: 'declined' };
  return { offer: step.id, kind: 'downgrade', plans: downgradePlans(step, productGroup), choice: 'declined' };
}

/**
 * The survey-storage payload of spec §3 for a completed survey: only the questions on the path
 * taken (a step left by going back is not included), English texts plus the translated ones.
 * Step 3.5's text is step 3's comment; an empty optional comment is not an answered question.
 * The email is always the user's own: the form shows it read-only. Offers declined on the way
 * are listed under `retention`, each with what it offered (a downgrade's plans as the OfferScreen
 * showed them: those of the user's product group).
 */
export function buildPayload(survey: CompiledSurvey, state: SurveyState, context: PayloadContext): SurveyPayload {
  if (state.status !== 'complete') throw new SurveyTransitionError('only a complete survey has a payload');
  const flow = flowOf(survey, state);
  const t = context.translate;
  const entries: Partial<Record<PayloadSlot, QuestionEntry>> = {};
  const retention: RetentionRecord[] = [];
  let name = '';
  let acceptedTerms = true;

  for (const id of state.trail) {
    const step = stepById(flow, id);
    const data = state.data[id] ?? {};
    switch (step.type) {
      case 'choice': {
        const answer = answerById(step, (data as ChoiceData).answer);
        if (!answer) throw new SurveyTransitionError(`step '${id}' has no answer`);
        const comment = answer.input ? text((data as ChoiceData).details?.[answer.id]) : '';
        entries[step.slot] = entry(step.question, [answer.text], comment, t);
        break;
      }
      case 'text': {
        const comment = text((data as TextData).text);
        const existing = entries[step.slot];
        entries[step.slot] = existing ? { ...existing, comment } : entry(step.question, [], comment, t);
        break;
      }
      case 'form': {
        const values = data as FormValues;
        for (const field of step.fields) {
          if (field.kind === 'name') name = text(values[field.id]);
          if (field.kind === 'agreement') acceptedTerms = values[field.id] === true;
          if (field.kind === 'comment') {
            const comment = text(values[field.id]);
            if (comment !== '') entries[field.slot] = entry(field.label, [], comment, t);
          }
        }
        break;
      }
      case 'offer':
        if ((data as OfferData).choice === 'declined') retention.push(declined(step, context.user.product_group));
        break;
    }
  }

  const surveyEntries: Partial<Record<PayloadSlot, QuestionEntry>> = {};
  for (const slot of ['first_question', 'second_question', 'third_question', 'fourth_question'] as const) {
    const value = entries[slot];
    if (value) surveyEntries[slot] = value;
  }
  return {
    timestamp: context.timestamp,
    name,
    email: context.user.email,
    accepted_terms: acceptedTerms,
    toolkit: context.toolkit,
    survey: surveyEntries,
    ...(retention.length > 0 ? { retention } : {}),
  };
}

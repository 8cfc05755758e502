import type { CompiledSurvey } from '../model';
import { kindOf } from './kinds';
import type { SurveyState } from './state';

/**
 * Everything the customer typed in a survey state: the texts of answer boxes, the services of 3.5
 * and the closing form's text fields (name, email, comment). Error reports must never carry them,
 * also after the customer has moved on from the step that shows them.
 */
export function enteredTexts(survey: CompiledSurvey, state: SurveyState): string[] {
  const steps = survey.audiences[state.audience]?.steps ?? {};
  return Object.entries(state.data)
    .flatMap(([stepId, data]) => {
      const step = steps[stepId];
      return step ? kindOf(step).enteredTexts(step, data) : [];
    })
    .filter((text) => typeof text === 'string' && text.trim() !== '');
}

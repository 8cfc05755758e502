import type { CompiledSurvey } from '../model';
import type { ChoiceData, FormValues, SurveyState, TextData } from './state';

/**
 * Everything the customer typed in a survey state: the texts of answer boxes, the services of 3.5
 * and the closing form's text fields (name, email, comment). Error reports must never carry them,
 * also after the customer has moved on from the step that shows them.
 */
export function enteredTexts(survey: CompiledSurvey, state: SurveyState): string[] {
  const steps = survey.audiences[state.audience]?.steps ?? {};
  return Object.entries(state.data).flatMap(([stepId, data]) => {
    const step = steps[stepId];
    if (!step) return [];
    switch (step.type) {
      case 'choice':
        return Object.values((data as ChoiceData).details ?? {});
      case 'text':
        return [(data as TextData).text ?? ''];
      case 'form':
        return Object.values(data as FormValues).filter((value): value is string => typeof value === 'string');
      case 'offer':
        return [];
    }
  }).filter((text) => typeof text === 'string' && text.trim() !== '');
}

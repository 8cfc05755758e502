export { isBlankData, StepForm, type StepFormProps } from './StepForm';
export { loadedStepValidator, loadStepValidator } from './step-validator';
export { STEP_HEADING_ID } from './context';
export { stepTitle } from './step-title';
export { countState, textLength, type CountState } from './character-count';
export { englishMessage, errorPath, fieldId, transformErrors } from './error-mapping';
// The offer's form and the declaration's are imported by their paths, from the survey page's later
// screens only: re-exported here they would sit in the first screen's code (decision 106).

export { isBlankData, StepForm, type StepFormProps } from './StepForm';
export { loadedStepValidator, loadStepValidator } from './step-validator';
export { STEP_HEADING_ID } from './context';
export { stepTitle } from './step-title';
export { countState, textLength, type CountState } from './character-count';
export { englishMessage, errorPath, fieldId, transformErrors } from './error-mapping';
export { OfferStepForm, type OfferStepFormProps } from './OfferStepForm';
export { declarationData, declarationStep, declaredName } from './declaration-form';

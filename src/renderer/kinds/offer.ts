import type { StepRenderer } from './renderer';

/** An offer has its own screen outside RJSF: src/renderer/OfferStepForm.tsx. */
export const offerRenderer = { screen: 'OfferStepForm' } satisfies StepRenderer;

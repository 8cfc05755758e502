// The survey page's screens after its questions: the confirmations, the offers and the policies'
// declaration, with the sending of the survey and of the declaration. They are one chunk of their own, loaded once the first question shows (LaterScreen.tsx),
// so the first screen does not wait for them.
export { Confirmation } from './Confirmation';
export { sendDeclaration } from './declaration-submission';
export { newAttempt, sendSurvey } from './survey-submission';
export { DeclarationScreen } from './DeclarationScreen';
export { OfferAccepted } from './OfferAccepted';
export { OfferScreen } from './OfferScreen';
export { Receipt } from './Receipt';
// The visit recorder comes with them: it starts at the same idle moment (use-visit.ts).
export * as visits from '../visit-recorder';

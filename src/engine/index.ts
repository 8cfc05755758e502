export * from './state';
export * from './shuffle';
export * from './start';
export * from './steps';
export * from './transition';
export * from './payload';
export * from './paths';
export * from './restore';
export * from './offers';
export * from './entered-texts';
export * from './kinds';
export * from './replay';
export * from './submission-path';
export * from './experiments';
// Not re-exported, so the page's first screen does not carry them: each is imported by its path where
// it is used, and by the page as a chunk of its own (./overlay for a customer in an experiment,
// ./visit-events with the visit recorder).

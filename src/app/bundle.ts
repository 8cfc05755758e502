// The compiled survey bundle (src/generated/survey.json, written by the survey compiler).
import type { CompiledBundle } from '../model';
import compiled from '../generated/survey.json';

/** Everything compiled from survey/: provider settings, toolkit bindings, redirects and surveys. */
export const bundle = compiled as unknown as CompiledBundle;

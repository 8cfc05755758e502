// The compiled survey bundle (src/generated/survey.json, written by the survey compiler).
import type { CompiledBundle } from '../model';
import compiled from '../generated/survey.json';

/**
 * Everything compiled from survey/ that the page reads: provider settings, toolkit bindings, redirects
 * and surveys. The build leaves the cancellation policies and the experiments out
 * (scripts/build/app-bundle-plugin.mjs): the page has its customer's policy from get-context, and
 * the server chooses an experiment's variant.
 */
export const bundle = compiled as unknown as Omit<CompiledBundle, 'policies' | 'experiments'>;

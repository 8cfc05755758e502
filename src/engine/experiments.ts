// Which experiment runs on a survey today, and which of its variants a customer sees. Pure: the
// server decides with them and the page's variant comes from the server.
import type { CompiledExperiment, CompiledVariant } from '../model';
import { unitHash } from './unit-hash';

export { hash32, unitHash } from './unit-hash';

/** The UTC day of a moment (milliseconds since the epoch), as YYYY-MM-DD. */
export function utcDay(now: number): string {
  return new Date(now).toISOString().slice(0, 10);
}

/**
 * The experiment running on the survey at `now`: its start ≤ the UTC day of `now` ≤ its end. The
 * checker refuses two experiments of one survey whose days overlap, so there is at most one.
 */
export function runningExperiment(experiments: readonly CompiledExperiment[], surveyId: string, now: number): CompiledExperiment | undefined {
  const day = utcDay(now);
  return experiments.find((experiment) => experiment.survey === surveyId && experiment.start <= day && day <= experiment.end);
}

/**
 * The variant a customer sees, the same on every visit: `${experiment.id}:${userId}` hashed to a
 * point of [0, 1) (unitHash), which falls into one variant's share of the cumulative weights. The
 * experiment's id in the key gives each experiment its own split of the customers.
 */
export function assignVariant(userId: string, experiment: CompiledExperiment): CompiledVariant {
  const total = experiment.variants.reduce((sum, variant) => sum + variant.weight, 0);
  const point = unitHash(`${experiment.id}:${userId}`) * total;
  let reached = 0;
  for (const variant of experiment.variants) {
    reached += variant.weight;
    if (point < reached) return variant;
  }
  // Only rounding could leave the point past the last share; a checked experiment has variants.
  const last = experiment.variants[experiment.variants.length - 1];
  if (!last) throw new Error(`experiment '${experiment.id}' has no variants`);
  return last;
}

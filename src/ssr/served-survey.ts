// Which survey page's first step the server renders, for whom: the signed-in customer the page would
// show it to, in the state the page would start in. Its answer order is drawn here, from the session
// and the survey, so a reload draws it the same: the page keeps the order it first showed (the tab's
// saved answers keep it too), and what the server renders again shows it as well.
import { audienceOf, startSurvey, unitHash, type RandomSource } from '../engine';
import type { ContextResponse } from '../model';
import { bundle } from '../app/bundle';
import type { ServedSurvey } from '../app/first-screen-state';
import { contextLoad } from '../app/load-user';
import { routeAt, routeTable } from '../app/routes';
import { STEP_PARAM } from '../app/survey/use-survey';

const ROUTES = routeTable(bundle);

/** The app's route at `pathname` (its route table, src/app/routes.ts). */
export const routeOf = (pathname: string) => routeAt(ROUTES, pathname);

/**
 * The first step of the survey page at `url` for the customer of `context`, or null where the page
 * would not open on it: another step asked for (?step=), a customer the page sends away (spec §4),
 * a cancellation of the page waiting for its emailed link (the page shows where it stands), an
 * experiment's variant (the page loads its overlay), or a survey of another version than the one the
 * server runs (`versionOf`: the bundle it serves may not be the one its pages were built with).
 */
export function servedSurveyAt(
  url: URL,
  context: ContextResponse,
  { now, versionOf, seed }: { now: Date; versionOf: (surveyId: string) => string | undefined; seed: string },
): ServedSurvey | null {
  if (url.searchParams.has(STEP_PARAM) || (context.experiments?.length ?? 0) > 0) return null;
  const route = routeOf(url.pathname);
  if (route?.kind !== 'survey') return null;
  const { binding } = route;
  const survey = bundle.surveys[binding.survey];
  if (!survey || versionOf(survey.id) !== survey.version) return null;
  const load = contextLoad(context, { kind: 'toolkit', access: binding.access }, now.toISOString());
  if (load.kind !== 'ready') return null;
  if (binding.confirmRoute !== undefined && load.pending?.some((pending) => pending.toolkit === binding.toolkit)) return null;
  return { route: binding.route, version: survey.version, load: { ...load, served: true }, state: startSurvey(survey, audienceOf(load.user), seededRandom(`${seed}:${survey.id}:${survey.version}`)) };
}

/** Numbers in [0, 1) drawn from `seed`: the same sequence for the same seed. */
function seededRandom(seed: string): RandomSource {
  let drawn = 0;
  return () => unitHash(`${seed}:${drawn++}`);
}

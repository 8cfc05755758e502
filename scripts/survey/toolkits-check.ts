import userContextSchema from '../../schemas/user-context.schema.json';
import { reporterFor } from './load-yaml';
import type { YamlFile } from './load-yaml';
import type { Problem } from './problems';
import type { ToolkitsDef } from './read-toolkits';
import { didYouMean } from './suggest';
import { checkUniquePages } from './toolkit-pages-check';

/** The toolkit ids a user can have in `active_toolkits` (from the user-context schema, the one source). */
export const ACTIVE_TOOLKIT_IDS: readonly string[] = userContextSchema.definitions.toolkitId.enum;

/**
 * The segments under /cancel that are the area's own, never a toolkit's page: the no-subscription page
 * (src/app/routes.ts), the API (src/server) and the built app's files (`/cancel/assets/`). A page,
 * confirm route or redirect there would clash with them: the app refuses a route table with a path
 * twice, and the server answers the API's or a file's path before any page.
 */
export const RESERVED_ROUTES: readonly string[] = ['no-subscription', 'api', 'assets'];

/** The problem of a page, confirm route or redirect that takes a reserved segment, if it does. */
function reservedRoute(name: string | undefined, what: string): string | undefined {
  if (name === undefined || !RESERVED_ROUTES.includes(name)) return undefined;
  return `'${name}' cannot be ${what}: /cancel/${name} is the cancellation area's own path (${RESERVED_ROUTES.map((route) => `'${route}'`).join(', ')} are taken); choose another name`;
}

/**
 * Checks toolkits.yaml beyond its schema: repeated routes, toolkit ids, API segments and confirm routes
 * (toolkit-pages-check.ts), the area's own segments taken, redirects to no page, `access: toolkit` on a toolkit users cannot have active,
 * and, when `surveyIds` is given, surveys that do not exist.
 */
export function checkToolkits(def: ToolkitsDef, yaml: YamlFile, surveyIds?: ReadonlySet<string>, providerSegment?: string): Problem[] {
  const problems: Problem[] = [];
  const report = reporterFor(yaml, problems);

  checkUniquePages(def.toolkits, yaml, report, providerSegment);
  const routes = new Set(def.toolkits.flatMap((toolkit) => (toolkit.route ? [toolkit.route.name] : [])));
  for (const toolkit of def.toolkits) {
    const takenRoute = reservedRoute(toolkit.route?.name, 'a route');
    if (takenRoute && toolkit.route) report(toolkit.route.path, 'reserved-route', takenRoute);
    const takenConfirm = reservedRoute(toolkit.confirm, 'a confirm route');
    if (takenConfirm) report([...toolkit.path, 'confirm'], 'reserved-route', takenConfirm);
    if (toolkit.access?.name === 'toolkit' && toolkit.toolkit && !ACTIVE_TOOLKIT_IDS.includes(toolkit.toolkit.name)) {
      report(
        toolkit.access.path,
        'invalid-value',
        `'access: toolkit' needs a toolkit customers can have active (${ACTIVE_TOOLKIT_IDS.join(', ')}), not '${toolkit.toolkit.name}'`,
      );
    }
    const survey = toolkit.survey;
    if (surveyIds && survey && !surveyIds.has(survey.name)) {
      report(survey.path, 'unknown-survey', `'${survey.name}' is not a survey${didYouMean(survey.name, surveyIds)}`);
    }
  }

  const redirected = new Set<string>();
  for (const redirect of def.redirects) {
    const { from, to } = redirect;
    const takenFrom = reservedRoute(from?.name, 'redirected');
    if (takenFrom && from) report(from.path, 'reserved-route', takenFrom);
    if (from && (routes.has(from.name) || redirected.has(from.name))) {
      report(from.path, 'duplicate-route', `'${from.name}' is already a page or a redirect`);
    }
    if (from) redirected.add(from.name);
    if (to && !routes.has(to.name)) {
      report(to.path, 'unknown-route', `'${to.name}' is not the route of a page${didYouMean(to.name, routes)}`);
    }
  }
  return problems;
}

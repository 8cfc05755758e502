// The route table of spec §2, generated from the bundle's bindings and redirects.
import type { CompiledBundle, ToolkitBinding } from '../model';

/** The prefix every page lives under. */
export const BASE = '/cancel';

export const NO_SUBSCRIPTION_PATH = `${BASE}/no-subscription`;

/** One row of the route table. */
export type AppRoute =
  | { kind: 'main'; path: string }
  | { kind: 'no-subscription'; path: string }
  | { kind: 'survey'; path: string; binding: ToolkitBinding }
  | { kind: 'confirm'; path: string; binding: ToolkitBinding }
  /** Replace-redirects; `*` is every other path. */
  | { kind: 'redirect'; path: string; to: string };

/** The page of a binding, /cancel/{route}. */
export const surveyPath = (binding: Pick<ToolkitBinding, 'route'>) => `${BASE}/${binding.route}`;

/** The confirm page of a binding, or null when it has no email confirmation. */
export const confirmPath = (binding: Pick<ToolkitBinding, 'confirmRoute'>) =>
  binding.confirmRoute ? `${BASE}/${binding.confirmRoute}/confirm-unsubscribe` : null;

/**
 * Every route of the app: the main and no-subscription pages, a survey page and (where the
 * binding confirms by email) a confirm page per binding, the bundle's redirects, and a
 * replace-redirect of every other path to /cancel.
 */
export function routeTable(bundle: Pick<CompiledBundle, 'toolkits' | 'redirects'>): AppRoute[] {
  const routes: AppRoute[] = [
    { kind: 'main', path: BASE },
    { kind: 'no-subscription', path: NO_SUBSCRIPTION_PATH },
  ];
  for (const binding of bundle.toolkits) {
    routes.push({ kind: 'survey', path: surveyPath(binding), binding });
    const confirm = confirmPath(binding);
    if (confirm) routes.push({ kind: 'confirm', path: confirm, binding });
  }
  for (const redirect of bundle.redirects) {
    routes.push({ kind: 'redirect', path: `${BASE}/${redirect.from}`, to: `${BASE}/${redirect.to}` });
  }
  const seen = new Set<string>();
  for (const route of routes) {
    if (seen.has(route.path)) throw new Error(`the route table has '${route.path}' twice`);
    seen.add(route.path);
  }
  routes.push({ kind: 'redirect', path: '*', to: BASE });
  return routes;
}

/** The route of `pathname` in `routes`, a trailing slash aside. */
export function routeAt(routes: readonly AppRoute[], pathname: string): AppRoute | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return routes.find((route) => route.path === path);
}

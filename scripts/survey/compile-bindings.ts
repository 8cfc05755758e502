import type { ProviderSettings, RouteRedirect, ToolkitAccess, ToolkitBinding, ToolkitId } from '../../src/model';
import { checked } from './read-helpers';
import type { ToolkitDef, ToolkitsDef } from './read-toolkits';

/** toolkits.yaml `api: provider`: the page calls the API under the provider's own segment. */
const PROVIDER_API = 'provider';
/** toolkits.yaml `confirm: none`: the page sends no confirmation email. */
export const NO_CONFIRM = 'none';

/** Compiles the checked toolkit pages into route bindings, resolving `api: provider` with the provider's segment. */
export function compileBindings(def: ToolkitsDef, provider: ProviderSettings): ToolkitBinding[] {
  return def.toolkits.map((toolkit) => {
    const route = checked(toolkit.route?.name, 'route');
    const id = checked(toolkit.toolkit?.name, 'toolkit');
    return {
      route,
      toolkit: id,
      name: checked(toolkit.name, 'name'),
      apiSegment: checked(apiSegmentOf(toolkit, provider.segment), 'toolkit'),
      confirmRoute: confirmRouteOf(toolkit),
      survey: checked(toolkit.survey?.name, 'survey'),
      access: accessOf(toolkit, id),
      labelPrefix: toolkit.labelPrefix,
      appName: toolkit.appName,
    };
  });
}

/**
 * The segment of a page's API calls: `api`, the provider's segment for `api: provider` (the word itself
 * when the provider's segment is not known), else its toolkit id; undefined without either.
 */
export function apiSegmentOf(toolkit: ToolkitDef, providerSegment: string | undefined): string | undefined {
  const api = toolkit.api ?? toolkit.toolkit?.name;
  return api === PROVIDER_API ? (providerSegment ?? api) : api;
}

/** The route of a page's confirm page: `confirm`, else its own route; undefined for `confirm: none` (or without either). */
export function confirmRouteOf(toolkit: ToolkitDef): string | undefined {
  const confirm = toolkit.confirm ?? toolkit.route?.name;
  return confirm === NO_CONFIRM ? undefined : confirm;
}

/** Compiles the checked redirects. */
export function compileRedirects(def: ToolkitsDef): RouteRedirect[] {
  return def.redirects.map((redirect) => ({
    from: checked(redirect.from?.name, 'from'),
    to: checked(redirect.to?.name, 'to'),
  }));
}

function accessOf(toolkit: ToolkitDef, id: string): ToolkitAccess {
  switch (toolkit.access?.name) {
    case 'toolkit':
      // The checker has made sure `id` is one of the ToolkitId values (toolkits-check.ts).
      return { kind: 'active-toolkit', toolkit: id as ToolkitId };
    case 'sst-permission':
      return { kind: 'sst-permission' };
    case 'any-active':
      return { kind: 'any-active' };
    default:
      throw new Error(`internal error: unknown access '${String(toolkit.access?.name)}' in a checked file`);
  }
}

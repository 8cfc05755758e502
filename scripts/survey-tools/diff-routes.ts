import type { CompiledBundle, RouteRedirect, ToolkitAccess, ToolkitBinding } from '../../src/model';
import type { BindingFieldChange, RedirectChange, RouteChange } from './diff-types';
import { mergeOrdered } from './merge-ordered';

/** Who may open a page, in words. */
function accessText(access: ToolkitAccess): string {
  switch (access.kind) {
    case 'active-toolkit':
      return `the ${access.toolkit} toolkit must be active`;
    case 'sst-permission':
      return 'needs the SST cancellation permission';
    case 'any-active':
      return 'any active subscription';
  }
}

/** The settings of a page that a product manager would compare, as text. */
function bindingFields(binding: ToolkitBinding): Record<string, string | undefined> {
  return {
    survey: binding.survey,
    toolkit: binding.toolkit,
    name: binding.name,
    'api segment': binding.apiSegment,
    'confirm page': binding.confirmRoute,
    access: accessText(binding.access),
    'error label prefix': binding.labelPrefix,
    'app name': binding.appName,
  };
}

/** Toolkit pages added, removed or changed, in the order of the new toolkits.yaml (removed ones where they were). */
export function diffRoutes(before: CompiledBundle, after: CompiledBundle): RouteChange[] {
  const find = (bundle: CompiledBundle, route: string): ToolkitBinding | undefined => bundle.toolkits.find((b) => b.route === route);
  const order = mergeOrdered([after.toolkits.map((b) => b.route), before.toolkits.map((b) => b.route)]);
  return order.flatMap((route): RouteChange[] => {
    const was = find(before, route);
    const now = find(after, route);
    if (!was || !now) {
      const binding = now ?? was;
      return binding ? [{ change: now ? 'added' : 'removed', route, toolkit: binding.toolkit, survey: binding.survey }] : [];
    }
    const old = bindingFields(was);
    const fields = Object.entries(bindingFields(now)).flatMap(([field, value]): BindingFieldChange[] =>
      old[field] === value ? [] : [{ field, before: old[field], after: value }],
    );
    return fields.length > 0 ? [{ change: 'changed', route, fields }] : [];
  });
}

/** Redirects added, removed or pointed at another page. */
export function diffRedirects(before: CompiledBundle, after: CompiledBundle): RedirectChange[] {
  const find = (list: readonly RouteRedirect[], from: string): RouteRedirect | undefined => list.find((r) => r.from === from);
  const order = mergeOrdered([after.redirects.map((r) => r.from), before.redirects.map((r) => r.from)]);
  return order.flatMap((from): RedirectChange[] => {
    const was = find(before.redirects, from);
    const now = find(after.redirects, from);
    if (!was || !now) {
      const redirect = now ?? was;
      return redirect ? [{ change: now ? 'added' : 'removed', from, to: redirect.to }] : [];
    }
    return was.to === now.to ? [] : [{ change: 'changed', from, before: was.to, after: now.to }];
  });
}

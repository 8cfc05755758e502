import { apiSegmentOf, confirmRouteOf } from './compile-bindings';
import type { Report, YamlFile, YamlPath } from './load-yaml';
import type { ProblemCode } from './problems';
import type { ToolkitDef } from './read-toolkits';

/** A name a page claims, and where: the key that writes it, or the key it is taken from when not written. */
interface Claim {
  name: string;
  path: YamlPath;
}

/** Something that must name one page only. */
interface UniqueKey {
  code: ProblemCode;
  noun: string;
  claim(page: ToolkitDef): Claim | undefined;
}

/**
 * The app and the server look a page up by its route, its toolkit id, its API segment and its confirm
 * route, each keeping one page (src/app/routes.ts, src/server/toolkits.ts): a second page would take the
 * first one's visitors or calls. A page without `api` takes its toolkit id as its segment, one without
 * `confirm` its route as its confirm route (compile-bindings.ts).
 */
function uniqueKeys(providerSegment: string | undefined): UniqueKey[] {
  const at = (page: ToolkitDef, key: 'api' | 'confirm', name: string | undefined, fallback: YamlPath | undefined): Claim | undefined => {
    const path = page[key] === undefined ? fallback : [...page.path, key];
    return name === undefined || path === undefined ? undefined : { name, path };
  };
  return [
    { code: 'duplicate-route', noun: 'the route', claim: (page) => page.route },
    { code: 'duplicate-toolkit', noun: 'the toolkit', claim: (page) => page.toolkit },
    {
      code: 'duplicate-api-segment',
      noun: 'the API segment',
      claim: (page) => at(page, 'api', apiSegmentOf(page, providerSegment), page.toolkit?.path),
    },
    { code: 'duplicate-route', noun: 'the confirm route', claim: (page) => at(page, 'confirm', confirmRouteOf(page), page.route?.path) },
  ];
}

/**
 * Reports a route, toolkit id, API segment (`api: provider` resolved with `providerSegment` when
 * provider.yaml is known) or confirm route that a page repeats, at the repeat, naming the first's line.
 * One place is reported once: a repeated toolkit id is not also reported as the segment it implies.
 */
export function checkUniquePages(pages: readonly ToolkitDef[], yaml: YamlFile, report: Report, providerSegment: string | undefined): void {
  const reported = new Set<string>();
  for (const key of uniqueKeys(providerSegment)) {
    const lines = new Map<string, number>();
    for (const page of pages) {
      const claim = key.claim(page);
      if (claim === undefined) continue;
      const first = lines.get(claim.name);
      if (first === undefined) {
        lines.set(claim.name, yaml.locate(claim.path).line);
        continue;
      }
      const place = JSON.stringify(claim.path);
      if (reported.has(place)) continue;
      reported.add(place);
      report(claim.path, key.code, `'${claim.name}' is already ${key.noun} of the page on line ${first}`);
    }
  }
}

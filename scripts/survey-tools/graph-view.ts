import { AUDIENCES } from '../../src/model';
import type { Audience } from '../../src/model';

/** What a picture shows: one audience's flow, or both flows in one picture with the differences marked. */
export type GraphView = Audience | 'both';

/** Every view, in the order the tools write them. */
export const GRAPH_VIEWS: readonly GraphView[] = [...AUDIENCES, 'both'];

/** True for the names of a view. */
export function isGraphView(value: string): value is GraphView {
  return (GRAPH_VIEWS as readonly string[]).includes(value);
}

/** The audiences a view draws. */
export function viewAudiences(view: GraphView): Audience[] {
  return view === 'both' ? [...AUDIENCES] : [view];
}

/** How a view is named in titles: 'trial users', 'paid users' or 'trial and paid users'. */
export function viewTitle(view: GraphView): string {
  return view === 'both' ? 'trial and paid users' : `${view} users`;
}

/** The mark put on what one audience only sees: '(trial only)' or '(paid only)'. */
export function onlyMark(audience: Audience): string {
  return `(${audience} only)`;
}

// The paths of a group's visits as a Sankey-style picture: the steps of the compiled flow in columns
// (each one column right of the step before it), each as tall as the visits that reached it, and
// between them the flow's edges, each as wide as the visits that took it.
import { escapeHtml as e } from '../html';
import type { FunnelStep, Move } from './visit-insights';

const COLUMN = 230;
const NODE_WIDTH = 14;
const HEIGHT = 320;
const GAP = 26;
const MIN_NODE = 4;

interface Placed {
  step: FunnelStep;
  x: number;
  y: number;
  height: number;
  /** How much of the node's height its outgoing and incoming links have used. */
  out: number;
  in: number;
}

/**
 * A link's width: its visits at the picture's scale, never wider than either step it joins, so
 * never wider than the picture (counts kept before moves were counted once per visit may exceed a step's visits).
 */
function linkWidth(scaled: number, from: Placed, to: Placed): number {
  return Math.max(1, Math.min(scaled, from.height, to.height));
}

/** Each step's column: one more than the deepest step that leads to it (the flow has no cycles). */
function columnsOf(steps: readonly FunnelStep[], edges: ReadonlySet<string>): Map<string, number> {
  const column = new Map<string, number>(steps.map((step) => [step.step, 0]));
  for (let pass = 0; pass < steps.length; pass++) {
    for (const key of edges) {
      const [from, to] = key.split('>') as [string, string];
      const next = (column.get(from) ?? -1) + 1;
      if (column.has(to) && column.has(from) && next > (column.get(to) ?? 0)) column.set(to, next);
    }
  }
  return column;
}

/**
 * The SVG of a funnel's steps and the moves between them that are edges of the compiled graph
 * (`edges`, as `from>to`); `describedBy` names the tables of its numbers (ids, space-separated):
 * the moves' visits, which the arrows' widths alone do not tell, and the steps'.
 */
export function flowSankeySvg(funnel: readonly FunnelStep[], moves: readonly Move[], edges: ReadonlySet<string>, options: { id: string; title: string; describedBy: string }): string {
  const columns = columnsOf(funnel, edges);
  const byColumn = new Map<number, FunnelStep[]>();
  for (const step of funnel) byColumn.set(columns.get(step.step) ?? 0, [...(byColumn.get(columns.get(step.step) ?? 0) ?? []), step]);
  const tallest = Math.max(1, ...[...byColumn.values()].map((steps) => steps.reduce((sum, step) => sum + step.reached, 0)));
  const perColumnGaps = Math.max(0, ...[...byColumn.values()].map((steps) => steps.length - 1));
  const scale = (HEIGHT - perColumnGaps * GAP) / tallest;
  const placed = new Map<string, Placed>();
  for (const [column, steps] of byColumn) {
    let y = 0;
    for (const step of steps) {
      const height = Math.max(MIN_NODE, step.reached * scale);
      placed.set(step.step, { step, x: column * COLUMN, y, height, out: 0, in: 0 });
      y += height + GAP;
    }
  }
  const links = moves
    .filter((move) => edges.has(`${move.from}>${move.to}`) && placed.has(move.from) && placed.has(move.to))
    .map((move) => {
      const from = placed.get(move.from) as Placed;
      const to = placed.get(move.to) as Placed;
      const width = linkWidth(move.count * scale, from, to);
      // Links that together outgrow their node (a visit may leave a step by several ways) overlap at its end rather than run past it.
      const y1 = from.y + Math.min(from.out, from.height - width) + width / 2;
      const y2 = to.y + Math.min(to.in, to.height - width) + width / 2;
      from.out += width;
      to.in += width;
      const x1 = from.x + NODE_WIDTH;
      const x2 = to.x;
      const mid = (x1 + x2) / 2;
      return `<path class="flow-link" d="M${x1} ${y1.toFixed(1)} C${mid} ${y1.toFixed(1)} ${mid} ${y2.toFixed(1)} ${x2} ${y2.toFixed(1)}" stroke="#3f6fc4" stroke-opacity="0.35" stroke-width="${width.toFixed(1)}" fill="none"><title>${e(`${move.from} → ${move.to}: ${move.count}`)}</title></path>`;
    });
  const nodes = [...placed.values()].map(
    ({ step, x, y, height }) =>
      `<g><rect class="flow-node" x="${x}" y="${y.toFixed(1)}" width="${NODE_WIDTH}" height="${height.toFixed(1)}" fill="#1d4f91"/><text x="${x + NODE_WIDTH + 4}" y="${(y + 14).toFixed(1)}" font-size="13" fill="#1d1d1f" stroke="#fff" stroke-width="3" paint-order="stroke">${e(step.step)} (${step.reached})</text></g>`,
  );
  const width = (Math.max(0, ...columns.values()) + 1) * COLUMN;
  return `<svg id="${e(options.id)}" viewBox="0 0 ${width} ${HEIGHT + 20}" width="${width}" height="${HEIGHT + 20}" role="img" aria-labelledby="${e(options.id)}-title" aria-describedby="${e(options.describedBy)}" xmlns="http://www.w3.org/2000/svg">
<title id="${e(options.id)}-title">${e(options.title)}</title>
${links.join('\n')}
${nodes.join('\n')}
</svg>`;
}

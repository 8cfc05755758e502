import type { CompiledStep } from '../../src/model';
import { escapeHtml } from './escape';
import type { FlowPicture } from './flow-picture';
import { AUDIENCE_COLOURS, EDGE_LOOKS, NODE_STYLES, POLICY_LOOKS } from './graph-styles';
import { onlyMark } from './graph-view';

/** One legend entry: a sample of the look (HTML) and what it means, about steps or arrows. */
export interface LegendEntry {
  group: 'steps' | 'arrows';
  sample: string;
  meaning: string;
}

/** A small drawing of each Graphviz shape a kind of step uses (NODE_STYLES), so the legend shows the shape the picture draws. */
export const SHAPE_SAMPLES: Record<string, string> = {
  box: '<rect x="2" y="3" width="36" height="18" rx="5"/>',
  note: '<path d="M2 3h28l8 8v10H2z"/>',
  box3d: '<path d="M2 7h30v14H2z M2 7l4-4h30v14l-4 4 M32 7l4-4"/>',
  octagon: '<path d="M9 3h22l7 6v6l-7 6H9l-7-6V9z"/>',
  hexagon: '<path d="M10 3h20l8 9-8 9H10l-8-9z"/>',
  tab: '<path d="M2 7h36v14H2z M4 7V3h10v4"/>',
};

function shapeSample(shape: string, fill: string, border: string): string {
  const drawing = SHAPE_SAMPLES[shape] ?? SHAPE_SAMPLES.box ?? '';
  return `<svg width="40" height="24" aria-hidden="true"><g fill="${fill}" stroke="${border}" stroke-width="1.4">${drawing}</g></svg>`;
}

function lineSample(colour: string, options: { dashed?: boolean; hollow?: boolean } = {}): string {
  const dash = options.dashed ? ' stroke-dasharray="5,3"' : '';
  const head = options.hollow
    ? `<path d="M30 6l9 6-9 6z" fill="white" stroke="${colour}" stroke-width="1.4"/>`
    : `<path d="M30 6l9 6-9 6z" fill="${colour}" stroke="${colour}"/>`;
  return `<svg width="40" height="24" aria-hidden="true"><line x1="1" y1="12" x2="30" y2="12" stroke="${colour}" stroke-width="1.6"${dash}/>${head}</svg>`;
}

/** The most frequent skip text of a picture, to quote in the legend. */
function commonSkip(picture: FlowPicture): string | undefined {
  const counts = new Map<string, number>();
  for (const edge of picture.edges) if (edge.skips) counts.set(edge.skips, (counts.get(edge.skips) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/** What the picture's shapes, colours and line styles mean; only entries the picture uses. */
export function legendEntries(picture: FlowPicture): LegendEntry[] {
  const types = new Set(picture.nodes.map((node) => node.step.type));
  const entries: LegendEntry[] = (Object.keys(NODE_STYLES) as CompiledStep['type'][])
    .filter((type) => types.has(type))
    .map((type) => {
      const style = NODE_STYLES[type];
      return { group: 'steps' as const, sample: shapeSample(style.shape, style.fill, style.border), meaning: style.name };
    });
  const subStep = picture.nodes.find((node) => node.number?.endsWith('.5'));
  if (subStep?.number) {
    const shown = escapeHtml(subStep.number);
    entries.push({ group: 'steps', sample: `<b>${shown}</b>`, meaning: `step ${subStep.number} comes between two numbered steps; the step indicator shows ${subStep.step.indicator ?? ''}` });
  }
  if (picture.edges.some((edge) => edge.answers.length > 0)) {
    entries.push({ group: 'arrows', sample: lineSample(AUDIENCE_COLOURS.all), meaning: 'the answers written on the arrow lead to the step it points at' });
  }
  const skip = commonSkip(picture);
  if (skip) {
    entries.push({
      group: 'arrows',
      sample: lineSample(EDGE_LOOKS.skipColour, { dashed: true }),
      meaning: `${skip} (a dashed arrow jumps over a question and names it)`,
    });
  }
  if (picture.edges.some((edge) => edge.isOther)) {
    entries.push({ group: 'arrows', sample: lineSample(AUDIENCE_COLOURS.all, { hollow: true }), meaning: '‘Other’, with a free-text box (italic)' });
  }
  for (const audience of ['trial', 'paid'] as const) {
    if (picture.edges.some((edge) => edge.only === audience) || picture.nodes.some((node) => node.only === audience)) {
      entries.push({ group: 'arrows', sample: lineSample(AUDIENCE_COLOURS[audience]), meaning: `${onlyMark(audience)}: only ${audience} users see this answer, step or field` });
    }
  }
  return [...entries, ...policyEntries(picture)];
}

/** What a policy's picture adds: its withheld offers, and its cancel-now arrows. */
function policyEntries(picture: FlowPicture): LegendEntry[] {
  const { policy } = picture;
  if (!policy) return [];
  const entries: LegendEntry[] = [];
  if (picture.nodes.some((node) => node.withheld)) {
    entries.push({
      group: 'steps',
      sample: shapeSample('box', POLICY_LOOKS.withheldFill, POLICY_LOOKS.withheldBorder),
      meaning: `an offer ${policy.id} withholds: never shown, the survey passes it by`,
    });
  }
  const [control] = picture.controls;
  if (control) {
    entries.push({
      group: 'arrows',
      sample: lineSample(POLICY_LOOKS.controlColour, { dashed: true }),
      meaning: `‘${control.label}’: the control ${policy.id} puts on this screen, straight to the declaration`,
    });
  }
  return entries;
}

/** The legend as HTML: one list for the steps, one for the arrows. */
export function legendHtml(entries: readonly LegendEntry[]): string {
  const list = (group: LegendEntry['group'], title: string): string => {
    const items = entries.filter((entry) => entry.group === group);
    if (items.length === 0) return '';
    const lis = items.map((entry) => `<li><span class="sample">${entry.sample}</span> ${escapeHtml(entry.meaning)}</li>`);
    return `<div class="legend-group"><h2>${title}</h2><ul>\n${lis.join('\n')}\n</ul></div>`;
  };
  return `<section class="legend" aria-label="Legend">\n${list('steps', 'Steps')}\n${list('arrows', 'Arrows')}\n</section>`;
}

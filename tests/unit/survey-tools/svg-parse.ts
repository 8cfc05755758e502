// Test support: the node and edge groups of a Graphviz SVG, with the text they show.
import { decodeEntities } from './dot-parse';

/** One `<g class="node …">` or `<g class="edge …">` of the SVG. */
export interface SvgGroup {
  id: string;
  classes: string[];
  /** The node name, or `from->to` for an edge. */
  title: string;
  /** Every `<text>` of the group, joined by spaces: wrapped lines read as one text again. */
  text: string;
  body: string;
}

/** The node and edge groups of an SVG document. */
export function svgGroups(svg: string): SvgGroup[] {
  const groups: SvgGroup[] = [];
  for (const match of svg.matchAll(/<g id="([^"]*)" class="((?:node|edge)(?: [^"]*)?)">([\s\S]*?)<\/g>/g)) {
    const [, id = '', classes = '', body = ''] = match;
    const title = decodeEntities(/<title>([\s\S]*?)<\/title>/.exec(body)?.[1] ?? '');
    const texts = [...body.matchAll(/<text[^>]*>([\s\S]*?)<\/text>/g)].map((text) => decodeEntities(text[1] ?? ''));
    groups.push({ id: decodeEntities(id), classes: decodeEntities(classes).split(' '), title, text: texts.join(' ').replace(/\s+/g, ' ').trim(), body });
  }
  return groups;
}

import type { CompiledBundle, CompiledSurvey } from '../../src/model';
import { edgeColour, edgeLabel } from './edge-label';
import { dotString } from './escape';
import { flowPicture } from './flow-picture';
import type { PictureEdge, PictureNode } from './flow-picture';
import { AUDIENCE_COLOURS, EDGE_LOOKS, NODE_STYLES, TEXT } from './graph-styles';
import { viewTitle } from './graph-view';
import type { GraphView } from './graph-view';
import { nodeLabel } from './node-label';

/** The DOT name of the dot that marks where the survey starts; step ids are kebab-case, so it cannot clash. */
const START = '__start';

/** `key=value` attribute lists; HTML-like labels (`<...>`) are written as they are, everything else quoted. */
function attributes(attrs: Record<string, string | number | undefined>): string {
  const list = Object.entries(attrs).flatMap(([key, value]) => {
    if (value === undefined) return [];
    const text = String(value);
    return [`${key}=${text.startsWith('<') && text.endsWith('>') ? text : dotString(text)}`];
  });
  return `[${list.join(', ')}]`;
}

function nodeStatement(node: PictureNode): string {
  const style = NODE_STYLES[node.step.type];
  const classes = ['step', node.step.type, node.only && `${node.only}-only`].filter(Boolean).join(' ');
  return `  ${dotString(node.id)} ${attributes({
    id: `step-${node.id}`,
    class: classes,
    shape: style.shape,
    style: style.style,
    fillcolor: style.fill,
    color: node.only ? AUDIENCE_COLOURS[node.only] : style.border,
    penwidth: node.only ? 2.5 : 1.4,
    label: nodeLabel(node),
  })};`;
}

function edgeStatement(edge: PictureEdge, index: number): string {
  const classes = ['answer', edge.isOther && 'other', edge.skips && 'skip', edge.only && `${edge.only}-only`].filter(Boolean).join(' ');
  return `  ${dotString(edge.from)} -> ${dotString(edge.to)} ${attributes({
    id: `edge-${index + 1}-${edge.from}-${edge.to}`,
    class: classes,
    color: edgeColour(edge),
    style: edge.skips ? EDGE_LOOKS.skipStyle : undefined,
    arrowhead: edge.isOther ? EDGE_LOOKS.otherArrowhead : EDGE_LOOKS.arrowhead,
    label: edgeLabel(edge),
  })};`;
}

/** The survey or a clear error naming the surveys there are. */
export function surveyOf(bundle: CompiledBundle, surveyId: string): CompiledSurvey {
  const survey = bundle.surveys[surveyId];
  if (!survey) throw new Error(`no survey '${surveyId}' (surveys: ${Object.keys(bundle.surveys).join(', ')})`);
  return survey;
}

/**
 * The DOT source of a survey's branching graph for one audience or both: steps as nodes styled by type,
 * answers as labelled arrows (dashed when they skip a question, hollow-headed for 'Other', coloured
 * and marked when one audience only can take them). Pure: the same survey always gives the same text.
 */
export function surveyGraphDot(bundle: CompiledBundle, surveyId: string, view: GraphView): string {
  const picture = flowPicture(surveyOf(bundle, surveyId), view);
  const font = dotString(TEXT.font);
  return [
    `digraph ${dotString(`${picture.survey} (${viewTitle(view)})`)} {`,
    `  graph [rankdir=TB, fontname=${font}, nodesep=0.4, ranksep=0.55, pad=0.3, bgcolor="white", charset="UTF-8"];`,
    `  node [fontname=${font}, fontsize=${TEXT.titleSize}, margin="0.14,0.08"];`,
    `  edge [fontname=${font}, fontsize=${TEXT.answerSize}, arrowsize=0.8, penwidth=1.4];`,
    `  ${dotString(START)} ${attributes({ id: 'start', class: 'start', shape: 'circle', width: 0.22, label: '', style: 'filled', fillcolor: AUDIENCE_COLOURS.all, color: AUDIENCE_COLOURS.all })};`,
    `  ${dotString(START)} -> ${dotString(picture.start)} ${attributes({ class: 'start', color: AUDIENCE_COLOURS.all })};`,
    ...picture.nodes.map(nodeStatement),
    ...picture.edges.map(edgeStatement),
    '}',
    '',
  ].join('\n');
}

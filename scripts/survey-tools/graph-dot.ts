import type { CancellationPolicy, CompiledBundle, CompiledSurvey } from '../../src/model';
import { edgeColour, edgeLabel } from './edge-label';
import { dotString, escapeHtml } from './escape';
import type { PictureControl, PictureEdge, PictureNode } from './flow-picture';
import { AUDIENCE_COLOURS, EDGE_LOOKS, NODE_STYLES, POLICY_LOOKS, TEXT } from './graph-styles';
import { viewTitle } from './graph-view';
import type { GraphView } from './graph-view';
import { nodeLabel } from './node-label';
import { surveyPicture } from './policy-picture';

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
  const classes = ['step', node.step.type, node.only && `${node.only}-only`, node.withheld && 'withheld'].filter(Boolean).join(' ');
  return `  ${dotString(node.id)} ${attributes({
    id: `step-${node.id}`,
    class: classes,
    shape: style.shape,
    style: node.withheld ? `${style.style},dashed` : style.style,
    fillcolor: node.withheld ? POLICY_LOOKS.withheldFill : style.fill,
    color: node.withheld ? POLICY_LOOKS.withheldBorder : node.only ? AUDIENCE_COLOURS[node.only] : style.border,
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

/** A policy's cancel-now control: a dashed arrow to the closing form, labelled with the control's label, that does not shape the layout. */
function controlStatement(control: PictureControl, index: number): string {
  const classes = ['cancel-now', control.only && `${control.only}-only`].filter(Boolean).join(' ');
  return `  ${dotString(control.from)} -> ${dotString(control.to)} ${attributes({
    id: `cancel-now-${index + 1}-${control.from}`,
    class: classes,
    color: POLICY_LOOKS.controlColour,
    fontcolor: POLICY_LOOKS.controlColour,
    style: POLICY_LOOKS.controlStyle,
    arrowhead: POLICY_LOOKS.controlArrowhead,
    constraint: 'false',
    label: `<${escapeHtml(control.label)}>`,
  })};`;
}

/** The picture's name: the survey, the view and, where there is one, the policy. */
export function pictureName(surveyId: string, view: GraphView, policy?: CancellationPolicy): string {
  return `${surveyId} (${viewTitle(view)}${policy ? `, under policy ${policy.id}` : ''})`;
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
 * and marked when one audience only can take them). Under a `policy`, its cancel-now controls are
 * dashed arrows to the closing form and its withheld offers are greyed. Pure: the same survey always
 * gives the same text.
 */
export function surveyGraphDot(bundle: CompiledBundle, surveyId: string, view: GraphView, policy?: CancellationPolicy): string {
  const picture = surveyPicture(surveyOf(bundle, surveyId), view, policy);
  const font = dotString(TEXT.font);
  return [
    `digraph ${dotString(pictureName(picture.survey, view, policy))} {`,
    `  graph [rankdir=TB, fontname=${font}, nodesep=0.4, ranksep=0.55, pad=0.3, bgcolor="white", charset="UTF-8"];`,
    `  node [fontname=${font}, fontsize=${TEXT.titleSize}, margin="0.14,0.08"];`,
    `  edge [fontname=${font}, fontsize=${TEXT.answerSize}, arrowsize=0.8, penwidth=1.4];`,
    `  ${dotString(START)} ${attributes({ id: 'start', class: 'start', shape: 'circle', width: 0.22, label: '', style: 'filled', fillcolor: AUDIENCE_COLOURS.all, color: AUDIENCE_COLOURS.all })};`,
    `  ${dotString(START)} -> ${dotString(picture.start)} ${attributes({ class: 'start', color: AUDIENCE_COLOURS.all })};`,
    ...picture.nodes.map(nodeStatement),
    ...picture.edges.map(edgeStatement),
    ...picture.controls.map(controlStatement),
    '}',
    '',
  ].join('\n');
}

// How the picture looks, as data. Each kind of step is drawn by the `picture` of its module in
// scripts/survey/kinds/, so a new kind is drawn once its module is written.
import type { Audience, CompiledStep, StepOfType, StepType } from '../../src/model';
import { COMPILER_KINDS, type NodeRow, type NodeStyle, type PictureNodeFacts } from '../survey/kinds';

export type { NodeRow, NodeStyle } from '../survey/kinds';

/** One style per kind of step. */
export type NodeStyles = { [T in StepType]: NodeStyle<StepOfType<T>> };

/** How each kind of step is drawn, from its module. */
export const NODE_STYLES = Object.fromEntries(Object.entries(COMPILER_KINDS).map(([type, kind]) => [type, kind.picture])) as NodeStyles;

/** The rows of a node, by its step's style (a picture's node, or no facts beyond the step). */
export function nodeRows<T extends CompiledStep['type']>(step: StepOfType<T> & { type: T }, node: PictureNodeFacts): NodeRow[] {
  const style: NodeStyle<StepOfType<T>> = NODE_STYLES[step.type];
  return style.rows(step, node);
}

/** The colour of what one audience only sees, and of everything else. Dark enough for text on white. */
export const AUDIENCE_COLOURS: Record<Audience | 'all', string> = {
  trial: '#b34700',
  paid: '#0060a8',
  all: '#3a3a3a',
};

/** Text sizes (points) and wrapping widths (characters), chosen to read at 100% zoom. */
export const TEXT = {
  font: 'Helvetica',
  titleSize: 14,
  detailSize: 11,
  answerSize: 12,
  titleWidth: 30,
  detailWidth: 38,
  answerWidth: 30,
} as const;

/** Edge looks: dashed for an answer that skips a question; a hollow arrowhead for 'Other'. */
export const EDGE_LOOKS = {
  skipStyle: 'dashed',
  otherArrowhead: 'onormal',
  arrowhead: 'normal',
  skipColour: '#6b6b6b',
} as const;

/** How a policy's picture (`--policy`) looks: its cancel-now arrows, and the offers it withholds. */
export const POLICY_LOOKS = {
  controlColour: '#a4262c',
  controlStyle: 'dashed',
  controlArrowhead: 'vee',
  withheldFill: '#f2f2f2',
  withheldBorder: '#a8a8a8',
  withheldText: '#767676',
} as const;

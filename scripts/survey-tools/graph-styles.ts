// How the picture looks, as data. Each kind of step is one entry of NODE_STYLES: a new kind
// (an offer, say) is drawn once its entry is added, and TypeScript asks for it as soon as
// CompiledStep gains the new type.
import type { Audience, CompiledStep, FormField } from '../../src/model';
import type { PictureNode } from './flow-picture';

/** One line group under a node's header. */
export interface NodeRow {
  /** `title`: what the customer reads first; `detail`: small print; `item`: one entry of a list. */
  kind: 'title' | 'detail' | 'item';
  text: string;
  /** Shown to this audience only (combined view). */
  only?: Audience;
  /** An item's marker instead of the usual bullet, e.g. a box for a checkbox field. */
  bullet?: string;
}

/** How one kind of step is drawn. */
export interface NodeStyle<S extends CompiledStep> {
  /** The kind's short name in the node header. */
  type: string;
  /** What the kind is, in the legend. */
  name: string;
  /** Graphviz shape and style. */
  shape: string;
  style: string;
  fill: string;
  border: string;
  /** The lines under the header. */
  rows(step: S, node: PictureNode): NodeRow[];
}

type StepOfType<T extends CompiledStep['type']> = Extract<CompiledStep, { type: T }>;

/** One style per kind of step. */
export type NodeStyles = { [T in CompiledStep['type']]: NodeStyle<StepOfType<T>> };

const heading = (text: string | undefined): NodeRow[] => (text ? [{ kind: 'detail', text: `heading: ${text}` }] : []);
const upTo = (max: number | undefined): string => (max === undefined ? '' : `, up to ${max} characters`);

function fieldText(field: FormField): string {
  switch (field.kind) {
    case 'name':
      return `${field.label} (name${upTo(field.maxLength)})`;
    case 'email':
      return `${field.label} (email, read-only)`;
    case 'comment':
      return `${field.label} (text, ${field.required ? 'required' : 'optional'}${upTo(field.maxLength)})`;
    case 'agreement':
      return `${field.label} (checkbox, required)`;
  }
}

/** How each type of step is drawn; a new step type is one more entry here. */
export const NODE_STYLES: NodeStyles = {
  choice: {
    type: 'choice',
    name: 'choice: a question with answers',
    shape: 'box',
    style: 'rounded,filled',
    fill: '#eef3fa',
    border: '#4f6f9f',
    rows: (step) => [
      ...heading(step.heading),
      { kind: 'title', text: step.question },
      ...(step.order === 'random' ? [{ kind: 'detail' as const, text: 'answers shown in random order, Other last' }] : []),
    ],
  },
  text: {
    type: 'text',
    name: 'text: a question answered in a text box',
    shape: 'note',
    style: 'filled',
    fill: '#fff6dc',
    border: '#a07a00',
    rows: (step) => [
      ...heading(step.heading),
      { kind: 'title', text: step.question },
      { kind: 'detail', text: `text box: ${step.input.label}${upTo(step.input.maxLength)}` },
    ],
  },
  form: {
    type: 'final form',
    name: 'final form: the closing form and its fields',
    shape: 'box3d',
    style: 'filled',
    fill: '#e9f5ec',
    border: '#3a7d4c',
    rows: (step, node) => [
      { kind: 'title', text: step.heading ?? 'Closing form' },
      ...step.fields.map(
        (field): NodeRow => ({ kind: 'item', text: fieldText(field), only: node.fieldOnly[field.id], bullet: field.kind === 'agreement' ? '☐' : undefined }),
      ),
      { kind: 'detail', text: `button: ${step.submit}` },
    ],
  },
  offer: {
    type: 'offer',
    name: 'offer: a retention offer, shown only where available (accepting ends the survey)',
    shape: 'octagon',
    style: 'filled',
    fill: '#f6ecfa',
    border: '#7a4a9a',
    rows: (step) => [
      { kind: 'title', text: step.heading },
      {
        kind: 'detail',
        text:
          step.offer.kind === 'discount'
            ? `${step.offer.percent}% off for ${step.offer.months} ${step.offer.months === 1 ? 'month' : 'months'}`
            : `smaller plans: ${Object.entries(step.offer.plans).map(([group, plans]) => `${group} → ${plans.join(', ')}`).join('; ')}`,
      },
      { kind: 'detail', text: `on: ${step.offer.toolkits.join(', ')}` },
      { kind: 'detail', text: `button: ${step.accept}` },
    ],
  },
  rating: {
    type: 'rating',
    name: 'rating: a question answered on a scale',
    shape: 'hexagon',
    style: 'rounded,filled',
    fill: '#eaf6f6',
    border: '#2f7a7a',
    rows: (step) => [
      ...heading(step.heading),
      { kind: 'title', text: step.question },
      { kind: 'detail', text: `${step.min} (${step.minLabel}) to ${step.max} (${step.maxLabel}), ${step.required ? 'required' : 'optional'}` },
    ],
  },
  multi: {
    type: 'multi',
    name: 'multi: a question answered with checkboxes',
    shape: 'tab',
    style: 'rounded,filled',
    fill: '#f2f0fa',
    border: '#5a4f9f',
    rows: (step) => [
      ...heading(step.heading),
      { kind: 'title', text: step.question },
      ...step.answers.map((answer): NodeRow => ({ kind: 'item', text: answer.text, bullet: '☐' })),
      { kind: 'detail', text: `choose ${step.min}${step.max === undefined ? ' or more' : ` to ${step.max}`}` },
    ],
  },
};

/** The rows of a node, by its step's style. */
export function nodeRows<T extends CompiledStep['type']>(step: StepOfType<T> & { type: T }, node: PictureNode): NodeRow[] {
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

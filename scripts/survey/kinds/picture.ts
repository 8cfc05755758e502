// How a kind of step is drawn in the flow picture (scripts/survey-tools), as data: each kind's module
// carries its `picture`, so a new kind is drawn once its module is written.
import type { Audience, CompiledStep } from '../../../src/model';

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

/** What the picture knows of a node besides its step: the form fields one audience only sees (combined view). */
export interface PictureNodeFacts {
  fieldOnly: Record<string, Audience>;
}

/** How one kind of step is drawn. */
export interface NodeStyle<S extends CompiledStep> {
  /** The kind's short name in the node header. */
  type: string;
  /** What the kind is, in the legend. */
  name: string;
  /** Graphviz shape (each kind its own) and style. */
  shape: string;
  style: string;
  fill: string;
  border: string;
  /** The lines under the header. */
  rows(step: S, node: PictureNodeFacts): NodeRow[];
}

/** A step's heading as a line of small print, where it has one. */
export const headingRows = (text: string | undefined): NodeRow[] => (text ? [{ kind: 'detail', text: `heading: ${text}` }] : []);

/** ', up to N characters' where a box has a limit. */
export const upTo = (max: number | undefined): string => (max === undefined ? '' : `, up to ${max} characters`);

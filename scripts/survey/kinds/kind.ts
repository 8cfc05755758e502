// What every kind of step tells the checker and the compiler. Each kind is one module of this
// folder; the table in ./kinds.generated.ts ties them, and nothing outside a kinds/ folder branches on a step's type.
import type { Audience, StepOfType, StepType, TextInput } from '../../../src/model';
import type { Report, YamlPath } from '../load-yaml';
import type { ProblemCode } from '../problems';
import type { Block } from '../read-helpers';
import type { EdgeDef, Filler, Named, StepDefBase, StepDefOfType, TextBoxDef } from '../survey-def';
import type { NodeStyle } from './picture';

/** What compiling a step for one audience may ask of the compiler. */
export interface CompileContext {
  audience: Audience;
  /** A text box under an answer or on a text step: always required (blank text fails). */
  input(box: TextBoxDef): TextInput;
  /** The number a `limit` names; undefined when no limit is named. */
  limit(ref: Named | undefined): number | undefined;
}

/** What checking the names inside a step may report. */
export interface ReferenceContext {
  report: Report;
  /** Reports a `limit` that names no limit of the file. */
  checkLimit(ref: Named | undefined): void;
  /** Reports each id written a second time among `ids`. */
  checkRepeats(ids: readonly Named[], code: ProblemCode, noun: string): void;
  /** The line the node at `path` is written on, for a message that points at an earlier place. */
  lineOf(path: YamlPath): number;
}

/** The checker's and the compiler's side of one kind of step. */
export interface CompilerKind<T extends StepType> {
  /** The kind's part of a step block (leniently: what is not well-formed is left out). */
  read(block: Block, base: StepDefBase): StepDefOfType<T>;
  /** The ways out of the step as authored, in authored order. */
  edges(def: StepDefOfType<T>): EdgeDef[];
  /** Checks the names inside the step: repeated ids, unknown limits, toolkits, plans. */
  checkReferences(def: StepDefOfType<T>, refs: ReferenceContext): void;
  /** Where and why the step has nothing to show `audience` (no answers, no fields), if so. */
  emptyFor?(def: StepDefOfType<T>, audience: Audience): { path: YamlPath; message: string } | undefined;
  /** What the step writes into the payload's slots, for the slot check. */
  fillers(def: StepDefOfType<T>, audience: Audience): Filler[];
  /** The step as `context.audience` sees it, with its form. */
  compile(def: StepDefOfType<T>, context: CompileContext): StepOfType<T>;
  /** The ICU arguments the texts of a step block may name, by the text's `path` within the block; none for most kinds. */
  textArguments?(block: Block, path: YamlPath): readonly string[];
  /** Every customer-visible text of the compiled step, each translated through the catalogs. */
  texts(step: StepOfType<T>): (string | undefined)[];
  /** How the flow picture draws the step. */
  picture: NodeStyle<StepOfType<T>>;
}

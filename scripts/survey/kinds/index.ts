// The registry of step kinds, checker and compiler side: one module per kind, tied by the table
// scripts/kinds/write-kinds.ts writes from the kinds of the authoring schema (typed over every
// StepType, so a kind without its compiler module is a type error).
import type { StepType } from '../../../src/model';
import type { StepDef } from '../survey-def';
import type { CompilerKind } from './kind';
import { COMPILER_KINDS } from './kinds.generated';

export { COMPILER_KINDS };

/** Whether a step block's `type` names a kind of step. */
export function isStepType(value: unknown): value is StepType {
  return typeof value === 'string' && Object.hasOwn(COMPILER_KINDS, value);
}

/**
 * The compiler module of an authored step's kind. One cast lives here: TypeScript cannot relate a
 * union of steps to the matching member of a mapped table.
 */
export function compilerKindOf<S extends StepDef>(step: S): CompilerKind<S['type']> {
  return COMPILER_KINDS[step.type] as unknown as CompilerKind<S['type']>;
}

export type { CompileContext, CompilerKind, ReferenceContext } from './kind';
export type { NodeRow, NodeStyle, PictureNodeFacts } from './picture';

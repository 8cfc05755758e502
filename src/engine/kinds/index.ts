// The registry of step kinds, engine side: one module per kind, tied by the table
// scripts/kinds/write-kinds.ts writes from the kinds of the authoring schema (typed over every
// StepType, so a kind without its engine module is a type error).
import type { CompiledStep, MessageKey, StepType } from '../../model';
import type { EngineKind } from './kind';
import { ENGINE_KINDS } from './kinds.generated';

export { ENGINE_KINDS };

/**
 * The engine module of a step's kind, typed for that step. One cast lives here: TypeScript cannot
 * relate a union of steps to the matching member of a mapped table.
 */
export function kindOf<S extends CompiledStep>(step: S): EngineKind<S['type']> {
  const kind = ENGINE_KINDS[step.type] as EngineKind<StepType> | undefined;
  if (!kind) throw new Error(`unknown kind of step '${String(step.type)}' at '${step.id}'`);
  return kind as unknown as EngineKind<S['type']>;
}

/** The English text of a kind's own validation message; undefined for a key no kind has. */
export function kindMessageText(key: MessageKey): string | undefined {
  for (const kind of Object.values(ENGINE_KINDS) as EngineKind<StepType>[]) {
    const text = kind.messages?.[key];
    if (text !== undefined) return text;
  }
  return undefined;
}

export type { Branch, EngineKind, Outcome, PathMove, PayloadDraft, SampleFill } from './kind';
export { isOfferStep, type OfferData } from './offer';

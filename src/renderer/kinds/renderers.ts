// How each kind of step renders, from the kinds' table: the RJSF fields src/renderer/registry.ts
// registers are the ones the kinds name, under the names their compiled uiSchemas give.
import type { RegistryFieldsType } from '@rjsf/utils';
import type { CompiledStep } from '../../model';
import type { KindMessageDescriptors } from '../messages';
import { STEP_RENDERERS } from './kinds.generated';
import type { StepRenderer } from './renderer';

export { STEP_RENDERERS };

/** Every field a kind renders through, by the name a compiled uiSchema's `ui:field` gives it. */
export const STEP_FIELDS: RegistryFieldsType = Object.fromEntries(
  Object.values(STEP_RENDERERS).flatMap((renderer) => ('field' in renderer ? [[renderer.field, renderer.component]] : [])),
);

/** The names a compiled uiSchema's `ui:field` may give. */
export const STEP_FIELD_NAMES: readonly string[] = Object.keys(STEP_FIELDS);

/** The validation messages a step's kind has of its own, translated by its renderer module. */
export function kindMessages(step: CompiledStep): KindMessageDescriptors {
  const renderer: StepRenderer = STEP_RENDERERS[step.type];
  return 'messages' in renderer ? (renderer.messages ?? {}) : {};
}

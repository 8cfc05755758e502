// What every kind of step tells the renderer. Each kind is one module of this folder; the table in
// ./kinds.generated.ts ties them, and nothing outside a kinds/ folder branches on a step's type.
import type { RegistryFieldsType } from '@rjsf/utils';
import type { KindMessageDescriptors } from '../messages';

/**
 * How a kind of step renders: through the RJSF field its compiled uiSchema names (`ui:field`), with
 * the translations of its own validation messages where it has some, or through the widgets of its
 * fields (the closing form), or on its own screen outside RJSF (the offer).
 */
export type StepRenderer =
  | { field: string; component: RegistryFieldsType[string]; messages?: KindMessageDescriptors }
  | { widgets: 'per field' }
  | { screen: string };

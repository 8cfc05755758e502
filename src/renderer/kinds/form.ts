import type { StepRenderer } from './renderer';

/** The closing form renders each field with its widget (src/renderer/widgets.tsx), named by its uiSchema. */
export const formRenderer = { widgets: 'per field' } satisfies StepRenderer;

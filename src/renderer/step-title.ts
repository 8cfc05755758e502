import type { CompiledStep } from '../model';

/** The English text that names a step on its page and in the page title, as the compiler emitted it. */
export function stepTitle(step: CompiledStep): string {
  return step.title;
}

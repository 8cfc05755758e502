import type { CompiledStep } from '../model';

/**
 * The English text that names a step on its page and in the page title: its heading, else the
 * question (the closing form without a heading is named by its submit button).
 */
export function stepTitle(step: CompiledStep): string {
  switch (step.type) {
    case 'offer':
      return step.heading;
    case 'form':
      return step.heading ?? step.submit;
    case 'choice':
    case 'text':
      return step.heading ?? step.question;
  }
}

// What every kind of step tells the browser driver. Each kind is one module of this folder; the table
// in ./kinds.generated.ts ties them, so the driver itself never branches on a step's type.
import type { Page } from '@playwright/test';
import type { StepData } from '../../../../src/engine';
import type { StepOfType, StepType } from '../../../../src/model';

/** How a customer enters a step of one kind in the browser. */
export interface DriverKind<T extends StepType> {
  /** Enters `data` on the step the page shows. */
  enter(page: Page, step: StepOfType<T>, data: StepData): Promise<void>;
  /** The button that takes the step on with `data`. */
  button(step: StepOfType<T>, data: StepData): string;
}

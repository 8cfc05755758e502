// How a customer enters each kind of step in the browser: one module per kind, tied by the table
// scripts/kinds/write-kinds.ts writes (a kind without its driver is a type error).
import type { CompiledStep, StepType } from '../../../../src/model';
import type { DriverKind } from './driver-kind';
import { DRIVERS } from './kinds.generated';

export { radio } from './controls';

/** The browser driver of a step's kind. */
export function driverOf(step: CompiledStep): DriverKind<StepType> {
  return DRIVERS[step.type] as unknown as DriverKind<StepType>;
}

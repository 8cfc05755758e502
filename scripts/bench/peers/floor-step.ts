// Step 1 of the paid survey as every peer page shows it: build.ts's floorStep(), defined at build time
// as FLOOR_STEP (esbuild's `define`), and typed here once.

export interface FloorStep {
  provider: string;
  heading: string;
  question: string;
  indicator: string;
  answers: { id: string; text: string; input?: { label: string; maxLength?: number } }[];
}

declare const FLOOR_STEP: FloorStep;

/** The step the page is built with. */
export const floorStepOfBuild: FloorStep = FLOOR_STEP;

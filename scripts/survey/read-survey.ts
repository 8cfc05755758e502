import type { YamlPath } from './load-yaml';
import { COMPILER_KINDS, isStepType } from './kinds';
import { audience, integer, slot } from './read-parts';
import { asBlock, asList, named, text } from './read-helpers';
import type { Named, StepDef, StepDefBase, SurveyDef } from './survey-def';

/** Reads survey data leniently into a `SurveyDef`; parts that are not well-formed are left out. */
export function readSurvey(data: unknown): SurveyDef {
  const root = asBlock(data) ?? {};
  const limits = Object.entries(asBlock(root.limits) ?? {}).map(([name, value]) => ({
    name,
    value,
    path: ['limits', name],
  }));
  const steps: StepDef[] = [];
  const unreadSteps: Named[] = [];
  asList(root.steps).forEach((step, index) => {
    const path = ['steps', index];
    const def = readStep(step, path);
    if (def) steps.push(def);
    else {
      const id = named(asBlock(step) ?? {}, 'id', path);
      if (id) unreadSteps.push(id);
    }
  });
  return {
    id: named(root, 'id', []),
    start: named(root, 'start', []),
    indicatorSteps: integer(root.indicatorSteps),
    limits,
    steps,
    unreadSteps,
  };
}

/** A step block, read by the module of its kind; undefined without an id or a known `type`. */
function readStep(value: unknown, path: YamlPath): StepDef | undefined {
  const block = asBlock(value);
  const id = block && named(block, 'id', path);
  if (!block || !id || !isStepType(block.type)) return undefined;
  const base: StepDefBase = {
    id,
    path,
    audience: audience(block.audience),
    indicator: integer(block.indicator),
    slot: slot(block.slot),
    heading: text(block.heading),
  };
  return COMPILER_KINDS[block.type].read(block, base);
}

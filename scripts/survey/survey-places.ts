// Where the parts of a compiled step are written in its survey file, for the checks that run on
// compiled flows (the policy proofs) but report at YAML lines.
import type { StepId } from '../../src/model';
import type { YamlPath } from './load-yaml';
import { asBlock, asList } from './read-helpers';
import type { SurveyDef } from './survey-def';
import { stepsById } from './survey-graph';

/** The places of one survey file's steps. */
export interface SurveyPlaces {
  /** The step's block. */
  step(id: StepId): YamlPath;
  /** Every `required: true` written in the step's block, at any depth (a rating's, a comment field's). */
  requiredKeys(id: StepId): YamlPath[];
  /** The block of the step's field `fieldId` (the closing form's `fields`). */
  field(stepId: StepId, fieldId: string): YamlPath;
}

/** The value of the data at a path, when there is one. */
function valueAt(data: unknown, path: YamlPath): unknown {
  let value = data;
  for (const segment of path) {
    if (Array.isArray(value) && typeof segment === 'number') value = value[segment];
    else value = asBlock(value)?.[String(segment)];
  }
  return value;
}

/** The paths of the `required: true` keys under `value`, which is at `path`. */
function requiredUnder(value: unknown, path: YamlPath): YamlPath[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => requiredUnder(item, [...path, index]));
  const block = asBlock(value);
  if (!block) return [];
  return Object.entries(block).flatMap(([key, child]) =>
    key === 'required' && child === true ? [[...path, key]] : requiredUnder(child, [...path, key]),
  );
}

/** The places of the steps of a survey file: `def` as read from it, `data` its parsed YAML. */
export function surveyPlaces(def: SurveyDef, data: unknown): SurveyPlaces {
  const steps = stepsById(def);
  const step = (id: StepId): YamlPath => steps.get(id)?.path ?? [];
  return {
    step,
    requiredKeys: (id) => requiredUnder(valueAt(data, step(id)), step(id)),
    field(stepId, fieldId) {
      const path = [...step(stepId), 'fields'];
      const index = asList(valueAt(data, path)).findIndex((field) => asBlock(field)?.id === fieldId);
      return index < 0 ? step(stepId) : [...path, index];
    },
  };
}

// The compiled survey and the engine, so tests are generated from the graph rather than written by hand.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CompiledBundle, CompiledSurvey, ToolkitBinding } from '../../../src/model';

let cached: CompiledBundle | undefined;

/** src/generated/survey.json, as the build compiled it. */
export function bundle(): CompiledBundle {
  cached ??= JSON.parse(readFileSync(join(process.cwd(), 'src/generated/survey.json'), 'utf8')) as CompiledBundle;
  return cached;
}

export function surveyOf(binding: ToolkitBinding): CompiledSurvey {
  const survey = bundle().surveys[binding.survey];
  if (!survey) throw new Error(`no compiled survey '${binding.survey}'`);
  return survey;
}

export function bindingOf(route: string): ToolkitBinding {
  const binding = bundle().toolkits.find((b) => b.route === route);
  if (!binding) throw new Error(`no binding for /cancel/${route}`);
  return binding;
}

let example: CompiledBundle | undefined;

/** dist/example/generated/survey.json: the bundle the example server serves (scripts/examples/build-example.ts). */
export function exampleBundle(): CompiledBundle {
  example ??= JSON.parse(readFileSync(join(process.cwd(), 'dist/example/generated/survey.json'), 'utf8')) as CompiledBundle;
  return example;
}

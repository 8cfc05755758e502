// Test support: the compiled survey of the shipped YAML (the test:unit script compiles it first).
import { readFileSync } from 'node:fs';
import type { CompiledBundle, CompiledSurvey } from '../../../src/model';

let bundle: CompiledBundle | undefined;

/** The compiled bundle written by `npm run survey:compile`. */
export function compiledBundle(): CompiledBundle {
  bundle ??= JSON.parse(readFileSync('src/generated/survey.json', 'utf8')) as CompiledBundle;
  return bundle;
}

/** The shipped cancellation survey. */
export function cancellationSurvey(): CompiledSurvey {
  const survey = compiledBundle().surveys.cancellation;
  if (!survey) throw new Error('src/generated/survey.json has no cancellation survey');
  return survey;
}

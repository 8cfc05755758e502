// Test support: the surveys every kind of step is compiled in, the shipped ones and the example
// (survey/examples, which asks every kind), and the schemas of their step forms.
import { AUDIENCES, type CompiledSurvey, type JsonSchema } from '../../src/model';
import { loadCheckedProject } from '../../scripts/survey';
import { compileSurvey } from '../../scripts/survey/compile-flow';
import { testBundle } from '../server/helpers/bundle';

/** The example survey (survey/examples/feedback.yaml), compiled. */
export async function exampleSurvey(): Promise<CompiledSurvey> {
  const project = await loadCheckedProject(['survey/examples']);
  const def = project.files.find((file) => file.survey)?.survey;
  if (!def) throw new Error('survey/examples holds no survey');
  return compileSurvey(def, 'survey/examples/feedback.yaml');
}

/** The shipped surveys and the example one. */
export async function everySurvey(): Promise<CompiledSurvey[]> {
  return [...Object.values(testBundle().surveys), await exampleSurvey()];
}

/** Every step form's schema of the shipped and the example surveys, named `<survey> <audience> <step>`. */
export async function stepSchemas(): Promise<[string, JsonSchema][]> {
  return (await everySurvey()).flatMap((survey) =>
    AUDIENCES.flatMap((audience) =>
      Object.values(survey.audiences[audience].steps).flatMap((step) => ('form' in step ? [[`${survey.id} ${audience} ${step.id}`, step.form.schema] as [string, JsonSchema]] : [])),
    ),
  );
}

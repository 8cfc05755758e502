// The experiments of experiments.yaml against the surveys they change: each experiment's survey is one
// of the given files, each variant's overlay names what that survey has (overlay-check.ts), and the
// survey each variant makes passes every cancellation policy the survey itself passes (policy-check.ts),
// a broken rule being a problem at the variant's `overlay`.
import { applyOverlay } from '../../src/engine/overlay';
import type { CompiledExperiment, CompiledSurvey, CompiledVariant } from '../../src/model';
import type { YamlFile, YamlPath } from './load-yaml';
import { overlayMistakes } from './overlay-check';
import { compileCleanSurvey, faultyFiles, findingKey, findingMessage, findingProblem, governingPolicies, policyFindings } from './policy-check';
import type { GoverningPolicies, PolicyProjectFile } from './policy-check';
import { problemAt } from './problems';
import type { Problem } from './problems';
import { didYouMean } from './suggest';
import type { SurveyDef } from './survey-def';
import { surveyPlaces } from './survey-places';

/** What the experiment checks need of a checked file (check-project.ts's CheckedFile). */
export interface ExperimentProjectFile extends PolicyProjectFile {
  /** An experiments.yaml that matches its schema, compiled. */
  experiments?: CompiledExperiment[];
}

/** A survey an experiment runs on, compiled, with what the policy proofs need of it. */
interface ExperimentSurvey {
  yaml: YamlFile;
  def: SurveyDef;
  compiled: CompiledSurvey;
}

/** The experiments file being checked, and how to report at one of its nodes. */
interface ExperimentsFile {
  yaml: YamlFile;
  report(path: YamlPath, part: 'key' | 'value', problem: Pick<Problem, 'code' | 'message'>): Problem;
}

function experimentsFile(yaml: YamlFile): ExperimentsFile {
  return { yaml, report: (path, part, { code, message }) => problemAt(yaml.file, yaml.locate(path, part), code, message) };
}

/**
 * The policies a variant must pass: each governing policies.yaml's rules that the survey itself does
 * not break already (a draft's warnings on the survey are reported once, at the survey).
 */
function variantPolicyProblems(file: ExperimentsFile, survey: ExperimentSurvey, governing: readonly GoverningPolicies[], variant: CompiledVariant, overlayPath: YamlPath): Problem[] {
  const places = surveyPlaces(survey.def, survey.yaml.data);
  const overlaid = applyOverlay(survey.compiled, variant.overlay);
  return governing.flatMap(({ source, surveys }) => {
    if (!surveys.has(survey.compiled.id)) return [];
    const known = new Set(policyFindings(source, survey.compiled, places).map(findingKey));
    return policyFindings(source, overlaid, places)
      .filter((finding) => !known.has(findingKey(finding)))
      .map((finding) =>
        findingProblem(file.yaml.file, file.yaml.locate(overlayPath, 'key'), finding, `variant '${variant.id}' breaks a policy: ${findingMessage(source.yaml, finding)}`),
      );
  });
}

/** The problems of one experiment's variants on its survey: their overlays' names first, then the policies. */
function variantProblems(file: ExperimentsFile, survey: ExperimentSurvey, governing: readonly GoverningPolicies[], experiment: CompiledExperiment, index: number): Problem[] {
  return experiment.variants.flatMap((variant, position) => {
    const overlayPath = ['experiments', index, 'variants', position, 'overlay'];
    const mistakes = overlayMistakes(survey.compiled, variant.overlay);
    if (mistakes.length > 0) return mistakes.map((mistake) => file.report([...overlayPath, ...mistake.path], mistake.part, mistake));
    return variantPolicyProblems(file, survey, governing, variant, overlayPath);
  });
}

/**
 * Checks every experiment of each clean experiments.yaml against the surveys among `files`: an
 * experiment's `survey` names one of them (`experiment-unknown-survey`, when every survey file was
 * read with its id); a variant's overlay names steps, answers and ways that survey has
 * (`experiment-unknown-step`, …, overlay-check.ts); and the survey a variant makes passes each policy
 * governing the survey (`policy-<policy id>-<rule>` at its `overlay`). `problems` are those found so
 * far: a file with an error of its own is not looked into, its errors being reported already.
 */
export function checkExperiments(files: readonly ExperimentProjectFile[], problems: readonly Problem[]): Problem[] {
  const faulty = faultyFiles(problems);
  const surveyFiles = files.filter((file) => file.kind === 'survey');
  const surveyIds = surveyFiles.flatMap((file) => (file.survey?.id ? [file.survey.id.name] : []));
  // As for toolkit pages: an unknown survey is reported only when every survey file was read with its id.
  const knowsSurveys = surveyFiles.length > 0 && surveyIds.length === surveyFiles.length;
  const governing = governingPolicies(files, problems);
  const compiled = new Map<string, ExperimentSurvey | Problem>();
  const surveyFor = (id: string): ExperimentSurvey | Problem | undefined => {
    const source = surveyFiles.find((file) => file.survey?.id?.name === id);
    if (!source?.survey || faulty.has(source.yaml.file)) return undefined;
    if (!compiled.has(id)) {
      const survey = compileCleanSurvey(source.yaml, source.survey, 'the experiment checks');
      compiled.set(id, 'code' in survey ? survey : { yaml: source.yaml, def: source.survey, compiled: survey });
    }
    return compiled.get(id);
  };

  const found: Problem[] = [];
  for (const source of files) {
    if (source.kind !== 'experiments' || !source.experiments || faulty.has(source.yaml.file)) continue;
    const file = experimentsFile(source.yaml);
    source.experiments.forEach((experiment, index) => {
      if (knowsSurveys && !surveyIds.includes(experiment.survey)) {
        const message = `'${experiment.survey}' is not a survey${didYouMean(experiment.survey, surveyIds)}`;
        found.push(file.report(['experiments', index, 'survey'], 'value', { code: 'experiment-unknown-survey', message }));
        return;
      }
      const survey = surveyFor(experiment.survey);
      if (survey && 'code' in survey) found.push(survey);
      else if (survey) found.push(...variantProblems(file, survey, governing, experiment, index));
    });
  }
  return found;
}

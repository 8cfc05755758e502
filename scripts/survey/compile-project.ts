import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { SPEC_DEFAULT, SPEC_DEFAULT_POLICY, type CompiledBundle, type CompiledPolicies, type CompiledSurvey, type StepForm } from '../../src/model';
import { stableJsonFile, sortKeys } from './canonical-json';
import { gitCommit } from './git-commit';
import { loadCheckedProject, missingProjectFiles } from './check-project';
import { compileBindings, compileRedirects } from './compile-bindings';
import { compileSurvey } from './compile-flow';
import { compileValidators, validatorDeclarationSource, validatorIndexSource } from './compile-validators';
import { displayPath, isWarning, sortProblems, SurveyProblemsError } from './problems';
import type { Problem } from './problems';
import { readPolicies, readProvider } from './schema-check';

/** Where the compiled survey goes, relative to the project root (an ignored folder). */
export const GENERATED_DIR = 'src/generated';
/** The survey folder, relative to the project root. */
export const SURVEY_DIR = 'survey';

/** How the compiler treats what only translators can fix. (Warnings, such as a draft policy's, never stop it.) */
export interface CompileOptions {
  /**
   * Compile even when survey texts are missing from catalogs, reporting them as warnings (the app shows
   * English for them). Extraction needs it, since it is what adds new texts to the catalogs, and so does
   * npm run dev, so a product manager can preview a new answer; survey:check and the build keep it off.
   */
  allowMissingTranslations?: boolean;
}

/** A compiled survey, with the problems let through as warnings (the checker's warnings, and the allowed missing translations). */
export interface CompiledProject {
  bundle: CompiledBundle;
  warnings: Problem[];
}

/**
 * Checks and compiles the project's survey/ folder into a CompiledBundle.
 * Throws SurveyProblemsError, carrying every problem, when the survey is not clean.
 */
export async function compileSurveyProject(root: string): Promise<CompiledBundle> {
  return (await compileProject(root)).bundle;
}

/**
 * Checks and compiles the project's survey/ folder. Throws SurveyProblemsError when the survey has a
 * problem that is not let through by `options`; the let-through ones come back as warnings.
 */
export async function compileProject(root: string, options: CompileOptions = {}): Promise<CompiledProject> {
  const project = await loadCheckedProject([join(root, SURVEY_DIR)]);
  const all = sortProblems([...project.problems, ...missingProjectFiles(join(root, SURVEY_DIR), SURVEY_DIR, project.files)]);
  // Warnings (a draft policy's proofs) never stop the compiler; missing translations only when allowed.
  const letThrough = (problem: Problem): boolean =>
    isWarning(problem) || (options.allowMissingTranslations === true && problem.code === 'missing-translation');
  const warnings = all.filter(letThrough);
  const problems = all.filter((problem) => !letThrough(problem));
  if (problems.length > 0) throw new SurveyProblemsError(problems, warnings);

  const [toolkitsFile] = project.files.filter((file) => file.kind === 'toolkits');
  const [providerFile] = project.files.filter((file) => file.kind === 'provider');
  const [policiesFile] = project.files.filter((file) => file.kind === 'policies');
  const [experimentsFile] = project.files.filter((file) => file.kind === 'experiments');
  const provider = providerFile && readProvider(providerFile.yaml.data);
  const policies = policiesFile ? readPolicies(policiesFile.yaml.data) : SPEC_FLOW_ONLY;
  const experiments = experimentsFile ? experimentsFile.experiments : [];
  if (!toolkitsFile?.toolkits || !provider || !policies || !experiments) throw new Error('internal error: checked files are missing');

  const surveys: Record<string, CompiledSurvey> = {};
  for (const file of project.files) {
    if (!file.survey) continue;
    const survey = compileSurvey(file.survey, displayPath(file.yaml.file, root));
    surveys[survey.id] = survey;
  }
  const bundle: CompiledBundle = {
    provider,
    toolkits: compileBindings(toolkitsFile.toolkits, provider),
    redirects: compileRedirects(toolkitsFile.toolkits),
    surveys,
    policies,
    experiments,
    commit: gitCommit(root),
  };
  // Sorted and without undefined members: the same value that survey.json holds.
  return { bundle: sortKeys(bundle) as CompiledBundle, warnings };
}

/**
 * Every file the compiler generates, as paths relative to the project root mapped to their content:
 * `src/generated/survey.json` and, per distinct step schema, `src/generated/validators/<id>.cjs` and `.d.cts`,
 * plus `src/generated/validators/index.ts`. The same survey always gives byte-identical files.
 */
export async function compiledFiles(root: string): Promise<Map<string, string>> {
  return filesOf(await compileSurveyProject(root));
}

/** The generated files of a compiled bundle (see compiledFiles). */
function filesOf(bundle: CompiledBundle): Map<string, string> {
  const validators = compileValidators(stepForms(bundle));
  const files = new Map<string, string>([[`${GENERATED_DIR}/survey.json`, stableJsonFile(bundle)]]);
  for (const [id, code] of validators) {
    files.set(`${GENERATED_DIR}/validators/${id}.cjs`, code);
    files.set(`${GENERATED_DIR}/validators/${id}.d.cts`, validatorDeclarationSource());
  }
  files.set(`${GENERATED_DIR}/validators/index.ts`, validatorIndexSource([...validators.keys()], firstStepForms(bundle).map((form) => form.validatorId)));
  return files;
}

/** What writeCompiled wrote: the generated paths, relative to the root, and the compiler's warnings. */
export interface WrittenCompile {
  paths: string[];
  warnings: Problem[];
}

/**
 * Compiles survey/ and writes src/generated/, rewriting only files whose content changed and removing
 * validator modules no step uses any more.
 */
export async function writeCompiled(root: string, options: CompileOptions = {}): Promise<WrittenCompile> {
  const { bundle, warnings } = await compileProject(root, options);
  const files = filesOf(bundle);
  for (const [path, content] of files) {
    const target = join(root, path);
    const current = await readFile(target, 'utf8').catch(() => undefined);
    if (current === content) continue;
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, content);
  }
  const validatorDir = join(root, GENERATED_DIR, 'validators');
  for (const name of await readdir(validatorDir)) {
    if (!files.has(`${GENERATED_DIR}/validators/${name}`)) await rm(join(validatorDir, name), { force: true });
  }
  return { paths: [...files.keys()], warnings };
}

/** Every step form of every survey and audience. */
export function stepForms(bundle: CompiledBundle): StepForm[] {
  return Object.values(bundle.surveys).flatMap((survey) =>
    Object.values(survey.audiences).flatMap((flow) => Object.values(flow.steps).flatMap((step) => ('form' in step ? [step.form] : []))),
  );
}

/** The form of the step each survey opens with, per audience: the first screen needs its validator at once. */
export function firstStepForms(bundle: CompiledBundle): StepForm[] {
  return Object.values(bundle.surveys).flatMap((survey) =>
    Object.values(survey.audiences).flatMap((flow) => {
      const first = flow.steps[flow.start];
      return first && 'form' in first ? [first.form] : [];
    }),
  );
}

/** The policies of a project without policies.yaml: the spec's flow everywhere. */
const SPEC_FLOW_ONLY: CompiledPolicies = { default: SPEC_DEFAULT_POLICY, countries: {}, policies: { [SPEC_DEFAULT_POLICY]: SPEC_DEFAULT } };


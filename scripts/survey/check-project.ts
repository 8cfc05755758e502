import { readdir, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { checkGraph } from './graph-check';
import { checkSlots } from './slot-check';
import type { CompiledExperiment, CompiledPolicies } from '../../src/model';
import { checkExperiments } from './experiment-check';
import { checkExperimentsFile } from './experiments-file-check';
import { fileKind, isYamlFile } from './file-kind';
import type { FileKind } from './file-kind';
import { loadYamlFile } from './load-yaml';
import type { YamlFile } from './load-yaml';
import { displayPath, isWarning, problemAt, sortProblems } from './problems';
import type { Problem } from './problems';
import { checkPoliciesFile, provePolicies } from './policy-check';
import { asBlock, text } from './read-helpers';
import { readSurvey } from './read-survey';
import { readToolkits } from './read-toolkits';
import type { ToolkitsDef } from './read-toolkits';
import { checkReferences } from './reference-check';
import { checkSchema, readExperiments, readPolicies } from './schema-check';
import type { SurveyDef } from './survey-def';
import { checkToolkits } from './toolkits-check';
import { checkPayloadCaps } from './payload-caps-check';
import { checkTextComments } from './text-comment-check';
import { catalogsBeside, checkMessages, checkTranslations } from './translation-check';
import type { Catalogs } from './translation-check';

/** One checked file: its parsed YAML, its format, what was read from it and its own problems. */
export interface CheckedFile {
  yaml: YamlFile;
  kind: FileKind;
  survey?: SurveyDef;
  toolkits?: ToolkitsDef;
  /** A policies.yaml that matches its schema, compiled. */
  policies?: CompiledPolicies;
  /** An experiments.yaml that matches its schema, compiled. */
  experiments?: CompiledExperiment[];
  problems: Problem[];
}

/** Everything the checker read, and every problem it found, sorted. */
export interface CheckedProject {
  files: CheckedFile[];
  problems: Problem[];
}

/**
 * Loads and checks YAML files and folders (a folder means the YAML files directly in it). A toolkit page's
 * `survey` is checked against the surveys among the given files, when there are any.
 */
export async function loadCheckedProject(paths: readonly string[]): Promise<CheckedProject> {
  const problems: Problem[] = [];
  const fileNames: string[] = [];
  for (const path of paths) {
    const found = await yamlFilesAt(path);
    if (found) fileNames.push(...found);
    else problems.push(problemAt(path, { line: 1, col: 1 }, 'read-error', 'no such file or folder'));
  }

  const files = await Promise.all([...new Set(fileNames)].map(checkFile));
  problems.push(...files.flatMap((file) => file.problems));

  const surveyIds = new Map<string, CheckedFile>();
  for (const file of files) {
    const id = file.survey?.id;
    if (!id) continue;
    const first = surveyIds.get(id.name);
    if (first) {
      const message = `'${id.name}' is already the id of ${displayPath(first.yaml.file)}`;
      problems.push(problemAt(file.yaml.file, file.yaml.locate(id.path), 'duplicate-survey', message));
    } else {
      surveyIds.set(id.name, file);
    }
  }
  // Survey references are checked only when every survey file among the input was read with its id:
  // a survey that failed to parse has already been reported and should not be reported again here.
  const surveyFiles = files.filter((file) => file.kind === 'survey');
  const knownSurveys = surveyFiles.length > 0 && surveyFiles.every((file) => file.survey?.id) ? new Set(surveyIds.keys()) : undefined;
  const providerSegment = providerSegmentOf(files);
  for (const file of files) {
    if (file.toolkits) problems.push(...checkToolkits(file.toolkits, file.yaml, knownSurveys, providerSegment));
  }
  // The policies' proofs on the compiled flows of the surveys they govern, once those files are clean.
  problems.push(...provePolicies(files, problems));
  // The experiments' variants on the surveys they change, the policies' proofs included.
  problems.push(...checkExperiments(files, problems));
  problems.push(...(await translationProblems(files)));
  return { files, problems: sortProblems(withoutRepeatedRefusals(problems)) };
}

/** The problems of a name that names nothing: the reference checks say what it should name, with the name meant. */
const UNKNOWN_NAME_CODES: ReadonlySet<Problem['code']> = new Set<Problem['code']>([
  'unknown-step',
  'unknown-limit',
  'unknown-plan',
  'unknown-toolkit',
  'unknown-survey',
  'unknown-route',
  'unknown-policy',
  'experiment-unknown-survey',
  'experiment-unknown-step',
  'experiment-unknown-answer',
]);

/**
 * A name written in the wrong form (`next: Final`, `limit: other_services`) is one mistake: the schema
 * refuses its form and a reference check its meaning, at the same place. The schema's refusal goes; the
 * reference's says what the name should be (`did you mean 'final'?`).
 */
function withoutRepeatedRefusals(problems: readonly Problem[]): Problem[] {
  const place = (problem: Problem): string => `${problem.file}:${problem.line}:${problem.col}`;
  const named = new Set(problems.filter((problem) => UNKNOWN_NAME_CODES.has(problem.code)).map(place));
  return problems.filter((problem) => problem.code !== 'invalid-value' || !named.has(place(problem)));
}

/**
 * What the folder survey:compile compiles must hold: a toolkits.yaml, a provider.yaml and at least one survey,
 * each missing one as a `missing-file` problem. The compiler's own rule (compile-project.ts), with its files and
 * messages, so that survey:check reports what survey:compile would refuse. `shownAs` names the folder in messages.
 */
export function missingProjectFiles(folder: string, shownAs: string, files: readonly CheckedFile[]): Problem[] {
  const inFolder = files.filter((file) => dirname(resolve(file.yaml.file)) === resolve(folder));
  const problems: Problem[] = [];
  for (const kind of ['toolkits', 'provider'] satisfies FileKind[]) {
    if (!inFolder.some((file) => file.kind === kind)) {
      const name = `${kind}.yaml`;
      problems.push(problemAt(join(folder, name), { line: 1, col: 1 }, 'missing-file', `the compiler needs ${shownAs}/${name}`));
    }
  }
  if (!inFolder.some((file) => file.kind === 'survey')) {
    problems.push(problemAt(folder, { line: 1, col: 1 }, 'missing-file', 'the compiler needs at least one survey file'));
  }
  return problems;
}

/** The provider's API segment, which `api: provider` pages take, when provider.yaml is among the files. */
function providerSegmentOf(files: readonly CheckedFile[]): string | undefined {
  const provider = asBlock(files.find((file) => file.kind === 'provider')?.yaml.data);
  return text(provider?.segment);
}

/** Checks YAML files and folders and returns every problem, sorted by file and position. */
export async function checkSurveyProject(paths: readonly string[]): Promise<Problem[]> {
  return (await loadCheckedProject(paths)).problems;
}

/**
 * The one-line summary of a check without errors, e.g. `survey: 4 files, 2 surveys, 10 steps, 10 toolkit pages — no problems`
 * (`— no problems, 1 warning` when there are warnings).
 */
export function summarize(project: CheckedProject): string {
  const count = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;
  const surveys = project.files.flatMap((file) => (file.survey ? [file.survey] : []));
  const steps = surveys.reduce((sum, survey) => sum + survey.steps.length, 0);
  const pages = project.files.reduce((sum, file) => sum + (file.toolkits?.toolkits.length ?? 0), 0);
  const parts = [count(project.files.length, 'file'), count(surveys.length, 'survey'), count(steps, 'step')];
  if (pages > 0) parts.push(count(pages, 'toolkit page'));
  const policies = project.files.reduce((sum, file) => sum + Object.keys(file.policies?.policies ?? {}).length, 0);
  if (policies > 0) parts.push(count(policies, 'policy').replace(/policys$/, 'policies'));
  const experiments = project.files.reduce((sum, file) => sum + (file.experiments?.length ?? 0), 0);
  if (experiments > 0) parts.push(count(experiments, 'experiment'));
  const warnings = project.problems.filter(isWarning).length;
  return `survey: ${parts.join(', ')} — no problems${warnings > 0 ? `, ${count(warnings, 'warning')}` : ''}`;
}

/**
 * The texts of the survey, toolkits and policies files: each whole (not cut short by a comment), a sound ICU message naming only the values
 * it is given, and each in the catalogs beside their folder, where there are catalogs.
 */
async function translationProblems(files: readonly CheckedFile[]): Promise<Problem[]> {
  const catalogsByFolder = new Map<string, Promise<Catalogs | undefined>>();
  const problems: Problem[] = [];
  for (const file of files) {
    if (!TRANSLATED_KINDS.includes(file.kind) || file.yaml.data === undefined) continue;
    problems.push(...checkTextComments(file.yaml), ...checkMessages(file.yaml));
    const folder = dirname(file.yaml.file);
    if (!catalogsByFolder.has(folder)) catalogsByFolder.set(folder, catalogsBeside(file.yaml.file));
    const catalogs = await catalogsByFolder.get(folder);
    if (catalogs) problems.push(...checkTranslations(file.yaml, catalogs));
  }
  return problems;
}

/** The files whose texts a customer reads: the surveys, the toolkit names, the policies' cancel-now texts. */
const TRANSLATED_KINDS: readonly FileKind[] = ['survey', 'toolkits', 'policies'];

/** Parses one file and runs every check that needs that file only. */
async function checkFile(name: string): Promise<CheckedFile> {
  const yaml = await loadYamlFile(name);
  const kind = fileKind(name);
  if (yaml.problems.length > 0) return { yaml, kind, problems: yaml.problems };
  try {
    return checkParsedFile(yaml, kind);
  } catch (error) {
    // A check that throws is a checker bug; reporting it as this file's problem keeps every other file's problems.
    const reason = error instanceof Error ? error.message : String(error);
    const problem = problemAt(name, { line: 1, col: 1 }, 'internal-error', `the checker failed on this file (${reason}); please report it`);
    return { yaml, kind, problems: [problem] };
  }
}

function checkParsedFile(yaml: YamlFile, kind: FileKind): CheckedFile {
  const problems = checkSchema(yaml, kind);
  switch (kind) {
    case 'survey': {
      const survey = readSurvey(yaml.data);
      problems.push(...checkReferences(survey, yaml), ...checkGraph(survey, yaml), ...checkSlots(survey, yaml), ...checkPayloadCaps(survey, yaml));
      return { yaml, kind, survey, problems };
    }
    case 'toolkits':
      return { yaml, kind, toolkits: readToolkits(yaml.data), problems };
    case 'policies': {
      problems.push(...checkPoliciesFile(yaml));
      return { yaml, kind, policies: readPolicies(yaml.data), problems };
    }
    case 'experiments': {
      problems.push(...checkExperimentsFile(yaml));
      return { yaml, kind, experiments: readExperiments(yaml.data), problems };
    }
    case 'provider':
      return { yaml, kind, problems };
  }
}

/** The YAML files at a path: the file itself, or the YAML files directly in a folder, sorted; undefined if absent. */
async function yamlFilesAt(path: string): Promise<string[] | undefined> {
  const info = await stat(path).catch(() => undefined);
  if (!info) return undefined;
  if (!info.isDirectory()) return [path];
  const entries = await readdir(path, { withFileTypes: true });
  // A link counts as a file (a survey kept in another checkout); a broken one is reported as unreadable.
  return entries
    .filter((entry) => (entry.isFile() || entry.isSymbolicLink()) && isYamlFile(entry.name))
    .map((entry) => join(path, entry.name))
    .sort();
}

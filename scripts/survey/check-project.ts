import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { checkGraph } from './graph-check';
import { fileKind, isYamlFile } from './file-kind';
import type { FileKind } from './file-kind';
import { loadYamlFile } from './load-yaml';
import type { YamlFile } from './load-yaml';
import { problemAt, sortProblems } from './problems';
import type { Problem } from './problems';
import { readSurvey } from './read-survey';
import { readToolkits } from './read-toolkits';
import type { ToolkitsDef } from './read-toolkits';
import { checkReferences } from './reference-check';
import { checkSchema } from './schema-check';
import type { SurveyDef } from './survey-def';
import { checkToolkits } from './toolkits-check';

/** One checked file: its parsed YAML, its format and what was read from it. */
export interface CheckedFile {
  yaml: YamlFile;
  kind: FileKind;
  survey?: SurveyDef;
  toolkits?: ToolkitsDef;
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
  problems.push(...files.flatMap((file) => file.yaml.problems));

  const surveyIds = new Map<string, CheckedFile>();
  for (const file of files) {
    const id = file.survey?.id;
    if (!id) continue;
    const first = surveyIds.get(id.name);
    if (first) {
      problems.push(problemAt(file.yaml.file, file.yaml.locate(id.path), 'duplicate-survey', `'${id.name}' is already the id of ${first.yaml.file}`));
    } else {
      surveyIds.set(id.name, file);
    }
  }
  const anySurvey = files.some((file) => file.kind === 'survey');
  for (const file of files) {
    if (file.toolkits) {
      problems.push(...checkToolkits(file.toolkits, file.yaml, anySurvey ? new Set(surveyIds.keys()) : undefined));
    }
  }
  return { files, problems: sortProblems(problems) };
}

/** Checks YAML files and folders and returns every problem, sorted by file and position. */
export async function checkSurveyProject(paths: readonly string[]): Promise<Problem[]> {
  return (await loadCheckedProject(paths)).problems;
}

/** The one-line summary of a clean check, e.g. `survey: 4 files, 2 surveys, 10 steps, 10 toolkit pages — no problems`. */
export function summarize(project: CheckedProject): string {
  const count = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;
  const surveys = project.files.flatMap((file) => (file.survey ? [file.survey] : []));
  const steps = surveys.reduce((sum, survey) => sum + survey.steps.length, 0);
  const pages = project.files.reduce((sum, file) => sum + (file.toolkits?.toolkits.length ?? 0), 0);
  const parts = [count(project.files.length, 'file'), count(surveys.length, 'survey'), count(steps, 'step')];
  if (pages > 0) parts.push(count(pages, 'toolkit page'));
  return `survey: ${parts.join(', ')} — no problems`;
}

async function checkFile(name: string): Promise<CheckedFile> {
  const yaml = await loadYamlFile(name);
  const kind = fileKind(name);
  if (yaml.problems.length > 0) return { yaml, kind };
  yaml.problems.push(...checkSchema(yaml, kind));
  switch (kind) {
    case 'survey': {
      const survey = readSurvey(yaml.data);
      yaml.problems.push(...checkReferences(survey, yaml), ...checkGraph(survey, yaml));
      return { yaml, kind, survey };
    }
    case 'toolkits':
      return { yaml, kind, toolkits: readToolkits(yaml.data) };
    case 'provider':
      return { yaml, kind };
  }
}

/** The YAML files at a path: the file itself, or the YAML files directly in a folder, sorted; undefined if absent. */
async function yamlFilesAt(path: string): Promise<string[] | undefined> {
  const info = await stat(path).catch(() => undefined);
  if (!info) return undefined;
  if (!info.isDirectory()) return [path];
  const entries = await readdir(path, { withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && isYamlFile(entry.name))
    .map((entry) => join(path, entry.name))
    .sort();
}

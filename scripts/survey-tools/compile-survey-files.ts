import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import type { CompiledBundle } from '../../src/model';
import { compileSurveyProject, formatProblem, SURVEY_DIR, SurveyProblemsError } from '../survey';

/** A compiled survey folder, or the checker's problem lines when it is not clean. */
export type CompileOutcome = { bundle: CompiledBundle } | { problems: string[] };

/** True for the file names the checker reads in a survey folder. */
export function isSurveyFile(name: string): boolean {
  return /\.ya?ml$/.test(name);
}

/**
 * The YAML files directly in a folder, by name, as their bytes; undefined when the folder does not exist.
 * Bytes, not text: decoding here would turn a byte that is not UTF-8 into U+FFFD, written on as valid
 * UTF-8, where the checker reading the copy must see it and report it (load-yaml.ts).
 */
export async function readSurveyDir(dir: string): Promise<Map<string, Uint8Array> | undefined> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => undefined);
  if (!entries) return undefined;
  const names = entries.filter((entry) => entry.isFile() && isSurveyFile(entry.name)).map((entry) => entry.name).sort();
  return new Map(await Promise.all(names.map(async (name) => [name, await readFile(join(dir, name))] as const)));
}

/**
 * Compiles survey files given by name and content (from a folder or from git) with compileSurveyProject,
 * which reads `<root>/survey/`: the files are written to a temporary root for it. Problems are reported
 * as if the files were at `shownAs` (e.g. `HEAD~1:survey`), in the checker's format.
 */
export async function compileSurveyFiles(files: ReadonlyMap<string, string | Uint8Array>, shownAs: string): Promise<CompileOutcome> {
  const root = await mkdtemp(join(tmpdir(), 'survey-tools-'));
  const surveyDir = join(root, SURVEY_DIR);
  try {
    await mkdir(surveyDir);
    for (const [name, content] of files) await writeFile(join(surveyDir, name), content);
    return { bundle: await compileSurveyProject(root) };
  } catch (error) {
    if (!(error instanceof SurveyProblemsError)) throw error;
    const shown = (file: string): string => {
      const inside = relative(surveyDir, file).split(sep).join('/');
      return inside === '' ? shownAs : `${shownAs}/${inside}`;
    };
    // Messages may quote another file of the folder by its temporary path; show it as the others.
    const tempPaths = [surveyDir, relative(process.cwd(), surveyDir)].map((path) => path.split(sep).join('/'));
    const message = (text: string): string => tempPaths.reduce((out, path) => out.split(path).join(shownAs), text);
    return { problems: error.problems.map((problem) => formatProblem({ ...problem, file: shown(problem.file), message: message(problem.message) })) };
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

/** Compiles the survey YAML of a folder (the project's survey/, or a test fixture folder). */
export async function compileSurveyDir(dir: string, shownAs: string = dir): Promise<CompileOutcome> {
  const files = await readSurveyDir(dir);
  if (!files) return { problems: [`${shownAs}: no such folder`] };
  return compileSurveyFiles(files, shownAs);
}

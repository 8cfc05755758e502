// The survey pictures the /dev/survey page embeds: <survey>-<view>.svg for every survey and view,
// drawn from the compiled bundle. The build runs this file (tsx scripts/dev/graph-pictures.ts [--out DIR]);
// `npm run dev` calls drawSurveyPictures after each survey change.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { CompiledBundle } from '../../src/model';
import { GRAPH_VIEWS, surveyGraphSvg } from '../survey-tools';
import { runWhenMain } from '../survey-tools/run-cli';

/** Where the production build puts the pictures, relative to the project root (beside dist/app). */
export const PICTURES_DIR = 'dist/survey-graph';

/** The file name of one picture; the server's dev page reads the same names. */
export const pictureName = (survey: string, view: string): string => `${survey}-${view}.svg`;

/**
 * Draws every survey of `bundle` in every view (trial, paid, both) into `outDir`, rewriting only the
 * pictures that changed. Returns the paths written.
 */
export async function drawSurveyPictures(bundle: CompiledBundle, outDir: string): Promise<string[]> {
  await mkdir(outDir, { recursive: true });
  const written: string[] = [];
  for (const survey of Object.keys(bundle.surveys).sort()) {
    for (const view of GRAPH_VIEWS) {
      const file = join(outDir, pictureName(survey, view));
      const svg = await surveyGraphSvg(bundle, survey, view);
      if ((await readFile(file, 'utf8').catch(() => undefined)) === svg) continue;
      await writeFile(file, svg);
      written.push(file);
    }
  }
  return written;
}

/** CLI: reads src/generated/survey.json (the compiler's output) and draws its pictures. */
export async function main(args: readonly string[], root: string = process.cwd(), write: (line: string) => void = console.log): Promise<number> {
  const { values } = parseArgs({ args: [...args], options: { out: { type: 'string' } } });
  const outDir = resolve(root, values.out ?? PICTURES_DIR);
  const bundle = JSON.parse(await readFile(join(root, 'src/generated/survey.json'), 'utf8')) as CompiledBundle;
  const written = await drawSurveyPictures(bundle, outDir);
  const pictures = Object.keys(bundle.surveys).length * GRAPH_VIEWS.length;
  write(`survey pictures: ${pictures} in ${values.out ?? PICTURES_DIR}/ (${written.length} redrawn)`);
  return 0;
}

runWhenMain(import.meta.url, 'graph-pictures', (args) => main(args));

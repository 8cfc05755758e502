// Bench: how long checking and compiling the shipped survey takes (median of N runs, in ms).
// Run alone with `tsx scripts/bench/survey.ts [RUNS]`; scripts/bench/index.ts calls benchSurvey().
import { performance } from 'node:perf_hooks';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { checkSurveyProject, compiledFiles, compileSurveyProject } from '../survey';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Warm-up runs before timing, so the first measure does not pay for JIT compilation alone. */
const WARM_UP = 3;

/** Times `task` `runs` times after a few warm-up runs and returns the median in milliseconds. */
async function medianMs(runs: number, task: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < WARM_UP; i++) await task();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await task();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const mid = Math.floor(times.length / 2);
  const median = times.length % 2 === 1 ? (times[mid] ?? 0) : ((times[mid - 1] ?? 0) + (times[mid] ?? 0)) / 2;
  return Math.round(median * 100) / 100;
}

/** Benchmarks the survey checker and compiler on survey/ and returns the report, one line per measure. */
export async function benchSurvey(runs = 20): Promise<string[]> {
  const check = await medianMs(runs, () => checkSurveyProject([join(ROOT, 'survey')]));
  const compile = await medianMs(runs, () => compileSurveyProject(ROOT));
  const withValidators = await medianMs(runs, () => compiledFiles(ROOT));
  return [
    `survey check (survey/): ${check} ms median of ${runs}`,
    `survey compile (bundle): ${compile} ms median of ${runs}`,
    `survey compile (bundle + validator code): ${withValidators} ms median of ${runs}`,
  ];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const runs = Number(process.argv[2] ?? 20);
  benchSurvey(Number.isInteger(runs) && runs > 0 ? runs : 20).then(
    (lines) => {
      for (const line of lines) console.log(line);
    },
    (error: unknown) => {
      console.error(`bench failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 1;
    },
  );
}

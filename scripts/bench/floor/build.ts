// Builds the floor page (floor.tsx) into dist/bench-floor/ with the same esbuild settings as the
// product's production build, its step-1 texts taken from the compiled survey.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { isStepOfType, type CompiledBundle } from '../../../src/model';
import { compressPlugin } from '../../build/compress-plugin.mjs';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const FLOOR_DIR = join(ROOT, 'dist/bench-floor');

/** Step 1 of the paid cancellation survey: the texts the floor page shows. */
function floorStep() {
  const bundle = JSON.parse(readFileSync(join(ROOT, 'src/generated/survey.json'), 'utf8')) as CompiledBundle;
  const survey = bundle.surveys.cancellation;
  const flow = survey?.audiences.paid;
  const step = flow?.steps[flow.start];
  if (!survey || !step || !isStepOfType(step, 'choice')) throw new Error('the compiled survey has no choice step to start the paid cancellation survey');
  return {
    provider: bundle.provider.name,
    heading: step.heading ?? step.question,
    question: step.question,
    indicator: `Step 1 of ${survey.indicatorSteps ?? 4}`,
    answers: step.answers.map((a) => ({ id: a.id, text: a.text, ...(a.input ? { input: { label: a.input.label, maxLength: a.input.maxLength } } : {}) })),
  };
}

/** Builds the floor page; returns the files it is made of, relative to FLOOR_DIR. */
export async function buildFloor(): Promise<{ scripts: string[]; styles: string[] }> {
  rmSync(FLOOR_DIR, { recursive: true, force: true });
  mkdirSync(FLOOR_DIR, { recursive: true });
  const result = await esbuild.build({
    entryPoints: {
      floor: join(ROOT, 'scripts/bench/floor/floor.tsx'),
      base: join(ROOT, 'src/app/styles/base.css'),
      forms: join(ROOT, 'src/renderer/forms.css'),
    },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
    outdir: FLOOR_DIR,
    entryNames: '[name]-[hash]',
    minify: true,
    legalComments: 'none',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"', FLOOR_STEP: JSON.stringify(floorStep()) },
    metafile: true,
    logLevel: 'warning',
    plugins: [compressPlugin()],
  });
  const outputs = Object.keys(result.metafile.outputs).map((file) => basename(file));
  const scripts = outputs.filter((file) => file.endsWith('.js'));
  const styles = outputs.filter((file) => file.endsWith('.css'));
  writeFileSync(
    join(FLOOR_DIR, 'index.html'),
    `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Floor – step 1</title>
<link rel="icon" href="data:,">
${styles.map((file) => `<link rel="stylesheet" href="/${file}">`).join('\n')}
${scripts.map((file) => `<script type="module" src="/${file}"></script>`).join('\n')}
</head>
<body>
<div id="root"></div>
</body>
</html>
`,
  );
  return { scripts, styles };
}

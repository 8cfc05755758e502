// Builds the example server's survey and app into dist/example/: the shipped bundle with the example
// survey of survey/examples/ shown on one toolkit page, its own precompiled validators, and the app
// bundled against them. The reference server serves it with BUNDLE_FILE and APP_DIR pointing there,
// so the browser tests walk the example's kinds of step (rating, multi) through the real page and
// server without the product's own bundle ever carrying the example.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { appBuildOptions, indexHtml } from '../../build.mjs';
import type { CompiledBundle } from '../../src/model';
import { compileProject, formatProblem, isWarning, loadCheckedProject, stepForms } from '../survey';
import { compileSurvey } from '../survey/compile-flow';
import { compileValidators, validatorDeclarationSource, validatorIndexSource } from '../survey/compile-validators';

/** Where the example's survey bundle, validators and app go. */
export const EXAMPLE_DIR = 'dist/example';
/** The example survey's folder. */
export const EXAMPLES = 'survey/examples';
/** The toolkit page that shows the example survey on the example server. */
export const EXAMPLE_ROUTE = 'seo';

const root = process.cwd();
const generated = join(root, 'src/generated');
const exampleGenerated = join(root, EXAMPLE_DIR, 'generated');

/** The shipped bundle, with the example survey on the EXAMPLE_ROUTE page in place of its own. */
async function exampleBundle(): Promise<CompiledBundle> {
  const { bundle } = await compileProject(root);
  const project = await loadCheckedProject([EXAMPLES]);
  const problems = project.problems.filter((problem) => !isWarning(problem));
  if (problems.length > 0) throw new Error(problems.map((problem) => formatProblem(problem)).join('\n'));
  const def = project.files.find((file) => file.survey)?.survey;
  if (!def) throw new Error(`${EXAMPLES} holds no survey`);
  const [file] = project.files;
  const survey = compileSurvey(def, file ? file.yaml.file : EXAMPLES);
  return {
    ...bundle,
    surveys: { ...bundle.surveys, [survey.id]: survey },
    toolkits: bundle.toolkits.map((binding) => (binding.route === EXAMPLE_ROUTE ? { ...binding, survey: survey.id } : binding)),
  };
}

/** The bundle as survey.json and its validators as the compiler writes them, under dist/example/generated. */
function writeGenerated(bundle: CompiledBundle): void {
  rmSync(exampleGenerated, { recursive: true, force: true });
  const validatorDir = join(exampleGenerated, 'validators');
  mkdirSync(validatorDir, { recursive: true });
  writeFileSync(join(exampleGenerated, 'survey.json'), `${JSON.stringify(bundle, null, 2)}\n`);
  const modules = compileValidators(stepForms(bundle));
  for (const [id, source] of modules) {
    writeFileSync(join(validatorDir, `${id}.cjs`), source);
    writeFileSync(join(validatorDir, `${id}.d.cts`), validatorDeclarationSource());
  }
  writeFileSync(join(validatorDir, 'index.ts'), validatorIndexSource([...modules.keys()]));
}

/** Points the app's imports of the compiled bundle and the validators at the example's. */
const exampleGeneratedPlugin: esbuild.Plugin = {
  name: 'example-generated',
  setup(build) {
    build.onResolve({ filter: /generated\/(survey\.json|validators)/ }, (args) => {
      const path = resolve(args.resolveDir, args.path);
      if (!path.startsWith(generated)) return undefined;
      const target = join(exampleGenerated, path.slice(generated.length));
      return { path: target.endsWith('validators') ? join(target, 'index.ts') : target };
    });
  },
};

/** The app against the example's bundle, into dist/example/app with its index.html. */
async function buildExampleApp(): Promise<void> {
  const appDir = join(root, EXAMPLE_DIR, 'app');
  rmSync(appDir, { recursive: true, force: true });
  mkdirSync(appDir, { recursive: true });
  const options = appBuildOptions({ appDir });
  const result = await esbuild.build({ ...options, plugins: [exampleGeneratedPlugin, ...(options.plugins ?? [])] });
  writeFileSync(join(appDir, 'index.html'), indexHtml(result.metafile, appDir));
}

async function main(): Promise<void> {
  writeGenerated(await exampleBundle());
  await buildExampleApp();
  console.log(`examples: the example survey on /cancel/${EXAMPLE_ROUTE}, built into ${EXAMPLE_DIR}/`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  });
}

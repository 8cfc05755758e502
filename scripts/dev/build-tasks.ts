// The steps of a development rebuild: the catalogs, the survey, the pictures, the app and the server.
// esbuild keeps a context per bundle, so a rebuild only redoes what changed.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import * as esbuild from 'esbuild';
import type { CompiledBundle } from '../../src/model';
import { appBuildOptions, indexHtml, serverBuildOptions } from '../../build.mjs';
import { writeKindFiles } from '../kinds/write-kinds';
import { GENERATED_DIR, SurveyProblemsError, writeCompiled, type Problem } from '../survey';
import { fromEsbuildMessage, parseWarnings, type DevProblem } from './dev-problems';
import { drawSurveyPictures } from './graph-pictures';
import { withLoadCache } from './load-cache';

/** Where the development build goes: apart from dist/app, so `npm start` and the browser tests never serve it. */
export const DEV_OUT = 'dist/dev';

/** The steps a rebuild runs; tests replace the slow ones. */
export interface BuildTasks {
  /**
   * locales/*.po → src/generated/locales, English standing in for missing translations; returns what is
   * untranslated as warnings, and throws with Lingui's report when a catalog does not compile.
   */
  catalogs(): Promise<DevProblem[]>;
  /**
   * survey/ → src/generated/; the checker's problems (nothing written), or whether survey.json changed.
   * Survey texts missing from catalogs do not stop it: they come back as warnings.
   */
  survey(): Promise<{ problems: Problem[]; warnings: Problem[]; changed: boolean }>;
  /** The survey pictures of the /dev/survey page. */
  pictures(): Promise<void>;
  /** The app bundle and its index.html; esbuild's errors, if any. */
  app(): Promise<DevProblem[]>;
  /** The server bundle; esbuild's errors, or whether its output changed (then the server restarts). */
  server(): Promise<{ problems: DevProblem[]; changed: boolean }>;
  dispose(): Promise<void>;
}

/** Where the development build of `root` puts its parts. */
export function devPaths(root: string): { appDir: string; serverFile: string; picturesDir: string } {
  const out = join(root, DEV_OUT);
  // The server finds the pictures beside its app folder (src/server/dev/dev-survey.ts).
  return { appDir: join(out, 'app'), serverFile: join(out, 'server', 'main.mjs'), picturesDir: join(out, 'survey-graph') };
}

const hashOf = async (file: string): Promise<string | undefined> =>
  readFile(file).then((data) => createHash('sha256').update(data).digest('hex'), () => undefined);

/** esbuild's errors when `error` is a failed build; anything else is rethrown. */
function buildErrors(error: unknown): DevProblem[] {
  const errors = (error as { errors?: esbuild.Message[] } | null)?.errors;
  if (!Array.isArray(errors) || errors.length === 0) throw error;
  return errors.map(fromEsbuildMessage);
}

/** Every file under `dir`, as paths relative to `base`. */
async function filesUnder(dir: string, base: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => relative(base, join(entry.parentPath, entry.name)).split(sep).join('/'));
}

/** The real steps, for the project in `root` (the current directory: build.mjs resolves from it). */
export function projectTasks(root: string): BuildTasks {
  const paths = devPaths(root);
  const surveyJson = join(root, GENERATED_DIR, 'survey.json');
  let app: Promise<esbuild.BuildContext<esbuild.BuildOptions & { metafile: true }>> | undefined;
  let server: Promise<esbuild.BuildContext> | undefined;

  return {
    async catalogs() {
      // I18N_ALLOW_MISSING: a text waiting for its translators must not stop the preview (English shows);
      // the check prints it as a warning line, which is what comes back. Survey texts are left to the
      // survey step, which runs next and points at their YAML lines.
      const env = { ...process.env, I18N_ALLOW_MISSING: '1' };
      const args = ['scripts/i18n/compile.mjs', '--skip-survey-texts'];
      const { stderr } = await promisify(execFile)(process.execPath, args, { cwd: root, env }).catch(
        (error: { stderr?: string }) => {
          throw new Error(error.stderr || String(error));
        },
      );
      return parseWarnings(stderr);
    },

    async survey() {
      const before = await hashOf(surveyJson);
      let warnings: Problem[];
      try {
        ({ warnings } = await writeCompiled(root, { allowMissingTranslations: true }));
      } catch (error) {
        if (error instanceof SurveyProblemsError) return { problems: error.problems, warnings: error.warnings, changed: false };
        throw error;
      }
      return { problems: [], warnings, changed: (await hashOf(surveyJson)) !== before };
    },

    async pictures() {
      const bundle = JSON.parse(await readFile(surveyJson, 'utf8')) as CompiledBundle;
      await drawSurveyPictures(bundle, paths.picturesDir);
    },

    async app() {
      // The kinds' tables and stylesheet are the bundles' inputs: a kind's styles edited, or a kind added
      // (the in-process survey compiler sees a new kind after a restart only).
      writeKindFiles(root);
      // The plugins' loads are cached per file (load-cache.ts): their results depend on the file alone.
      app ??= (() => {
        const options = appBuildOptions({ dev: true, appDir: paths.appDir });
        return esbuild.context({ ...options, plugins: (options.plugins ?? []).map(withLoadCache), logLevel: 'silent' });
      })();
      let result: esbuild.BuildResult<{ metafile: true }>;
      try {
        result = await (await app).rebuild();
      } catch (error) {
        return buildErrors(error);
      }
      await writeFile(join(paths.appDir, 'index.html'), indexHtml(result.metafile, paths.appDir));
      // Hashed names change with the content: drop what this build no longer references.
      const outputs = new Set(Object.keys(result.metafile.outputs).map((file) => relative(root, join(root, file)).split(sep).join('/')));
      for (const file of await filesUnder(join(paths.appDir, 'assets'), root)) {
        if (!outputs.has(file)) await rm(join(root, file), { force: true });
      }
      return [];
    },

    async server() {
      writeKindFiles(root);
      await mkdir(dirname(paths.serverFile), { recursive: true });
      server ??= esbuild.context({ ...serverBuildOptions({ outfile: paths.serverFile }), logLevel: 'silent' });
      const before = await hashOf(paths.serverFile);
      try {
        await (await server).rebuild();
      } catch (error) {
        return { problems: buildErrors(error), changed: false };
      }
      return { problems: [], changed: (await hashOf(paths.serverFile)) !== before };
    },

    async dispose() {
      await Promise.all([app, server].map(async (context) => (await context)?.dispose()));
    },
  };
}

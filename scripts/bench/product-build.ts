// The production build the bench measures: `node build.mjs` (survey, catalogs, app, server), then
// the app and the server bundled again, with build.mjs's own options, into a folder of the
// bench's own, so a build started meanwhile in the shared dist/ cannot change what is measured.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import * as esbuild from 'esbuild';
import { appBuildOptions, indexHtml, serverBuildOptions } from '../../build.mjs';

export interface ProductBuild {
  appDir: string;
  serverFile: string;
  /** How long `node build.mjs` took, in ms. */
  buildMs: number;
}

/** Runs the production build, and copies of its app and server into `dir`. */
export async function buildProduct(dir: string): Promise<ProductBuild> {
  const start = performance.now();
  execFileSync(process.execPath, ['build.mjs'], { stdio: ['ignore', 'ignore', 'inherit'] });
  const buildMs = performance.now() - start;
  const appDir = join(dir, 'app');
  mkdirSync(appDir, { recursive: true });
  const result = await esbuild.build(appBuildOptions({ appDir }));
  writeFileSync(join(appDir, 'index.html'), indexHtml(result.metafile, appDir));
  const serverFile = join(dir, 'server/main.mjs');
  await esbuild.build(serverBuildOptions({ outfile: serverFile }));
  return { appDir, serverFile, buildMs };
}

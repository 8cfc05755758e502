// Types of what build.mjs exports, for the TypeScript that imports it (scripts/dev).
import type { BuildOptions, Metafile } from 'esbuild';

export const APP_DIR: string;
export const SERVER_FILE: string;
export const PUBLIC_PATH: string;
export function appBuildOptions(options?: { dev?: boolean; appDir?: string }): BuildOptions & { metafile: true };
export function serverBuildOptions(options?: { outfile?: string }): BuildOptions;
export function indexHtml(metafile: Metafile, appDir?: string): string;

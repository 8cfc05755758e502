import type { Metafile, PluginBuild } from 'esbuild';

/** Calls `written` with the metafile once a build has succeeded and written its files. */
export function onWritten(build: PluginBuild, written: (metafile: Metafile) => void | Promise<void>): void;

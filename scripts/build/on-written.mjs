// What the build plugins that work on the files a build wrote share: the moment to do it.

/**
 * Calls `written` with the build's metafile once a build has succeeded and written its files: not
 * after errors, nor when the build keeps its output in memory (`write: false`), nor without a metafile.
 * Callbacks run in the order the plugins registered them.
 * @param {import('esbuild').PluginBuild} build
 * @param {(metafile: import('esbuild').Metafile) => void | Promise<void>} written
 */
export function onWritten(build, written) {
  build.onEnd(async (result) => {
    if (result.errors.length > 0 || !result.metafile || build.initialOptions.write === false) return;
    await written(result.metafile);
  });
}

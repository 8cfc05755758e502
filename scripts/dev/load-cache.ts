// esbuild runs every plugin's onLoad again on each rebuild, for unchanged files too. The Lingui macro
// plugin runs Babel in its onLoad, which made most of a development rebuild; this wrapper keeps each
// result until its file changes (by modification time and size). Only for plugins whose onLoad result
// depends on the loaded file alone.
import { stat } from 'node:fs/promises';
import type { OnLoadArgs, OnLoadResult, Plugin, PluginBuild } from 'esbuild';

interface Cached {
  mtimeMs: number;
  size: number;
  result: OnLoadResult | null | undefined;
}

/** `plugin` with its file loads remembered across rebuilds of the same context. */
export function withLoadCache(plugin: Plugin): Plugin {
  const cache = new Map<string, Cached>();
  return {
    name: `${plugin.name} (cached)`,
    setup(build) {
      const onLoad: PluginBuild['onLoad'] = (options, callback) =>
        build.onLoad(options, async (args: OnLoadArgs) => {
          const file = args.namespace === 'file' ? await stat(args.path).catch(() => undefined) : undefined;
          if (!file) return callback(args);
          const hit = cache.get(args.path);
          if (hit && hit.mtimeMs === file.mtimeMs && hit.size === file.size) return hit.result;
          const result = await callback(args);
          cache.set(args.path, { mtimeMs: file.mtimeMs, size: file.size, result });
          return result;
        });
      return plugin.setup({ ...build, onLoad });
    },
  };
}

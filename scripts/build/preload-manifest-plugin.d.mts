import type { Metafile, Plugin } from 'esbuild';

export interface PreloadManifest {
  app: string[];
  screens: Record<string, string[]>;
  catalogs: Record<string, string[]>;
  laterCatalogs: Record<string, string[]>;
  laterScreens: string[];
}
export function preloadManifest(metafile: Metafile, options: { entries: string[]; outdir: string; publicPath: string }): PreloadManifest;
export function preloadManifestPlugin(options: { entries: string[]; publicPath?: string }): Plugin;
export const PRELOADS_FILE: string;

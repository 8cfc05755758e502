import type { Plugin } from 'esbuild';

/** The stand-ins, by the library file they replace (a path under node_modules). */
export const LEAN_MODULES: Record<string, string>;
export function leanModulesPlugin(modules?: Record<string, string>): Plugin;

import type { Plugin } from 'esbuild';

/** Stubs for bare imports, by the import path exactly as the libraries write it. */
export const MODULE_STUBS: Record<string, string>;
/** The parts of @rjsf/core's default registry no step uses, by folder under lib/components. */
export const RJSF_UNUSED: { fields: string[]; widgets: string[]; templates: string[] };
/** The registry keys (src/renderer/registry.ts `templates`) whose RJSF defaults are left out. */
export const RJSF_REPLACED_TEMPLATES: string[];
/** The @rjsf/utils modules only anyOf/oneOf and omitExtraData reach, with their named exports. */
export const RJSF_UTILS_UNUSED: Record<string, string[]>;
export function unusedCodePlugin(options?: { modules?: Record<string, string>; rjsf?: Record<string, string[]>; rjsfUtils?: Record<string, string[]> }): Plugin;

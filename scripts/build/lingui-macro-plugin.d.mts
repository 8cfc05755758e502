import type { Plugin as EsbuildPlugin } from 'esbuild';
import type { Plugin as VitePlugin } from 'vite';

export function linguiMacroPlugin(options?: { stripMessageField?: boolean }): EsbuildPlugin;
export function linguiMacroVitePlugin(): VitePlugin;

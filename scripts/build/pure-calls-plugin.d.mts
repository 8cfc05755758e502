import type { Plugin } from 'esbuild';

export function markPureCalls(source: string): string;
export function pureCallsPlugin(): Plugin;

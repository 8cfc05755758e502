// One output of an esbuild metafile, as the build's plugins read it, for the tests of those plugins.
import type { Metafile } from 'esbuild';

/** An output built from `inputs` (source paths), the entry point's if it is one, with its static and dynamic imports. */
export function metafileOutput(entryPoint: string | undefined, inputs: string[], imports: string[] = [], dynamic: string[] = []): Metafile['outputs'][string] {
  return {
    bytes: 1,
    inputs: Object.fromEntries(inputs.map((input) => [input, { bytesInOutput: 1 }])),
    exports: [],
    ...(entryPoint ? { entryPoint } : {}),
    imports: [...imports.map((path) => ({ path, kind: 'import-statement' as const })), ...dynamic.map((path) => ({ path, kind: 'dynamic-import' as const }))],
  };
}

// The graph of a build's output files, as esbuild's metafile gives it.

/**
 * The output files `file` imports statically, itself included, transitively: what loads with it.
 * @param {import('esbuild').Metafile['outputs']} outputs
 * @param {string} file
 * @param {Set<string>} [seen] where to add them (and the files not to walk again)
 * @returns {Set<string>}
 */
export function staticClosure(outputs, file, seen = new Set()) {
  if (seen.has(file) || !outputs[file]) return seen;
  seen.add(file);
  for (const imported of outputs[file].imports) if (imported.kind === 'import-statement') staticClosure(outputs, imported.path, seen);
  return seen;
}

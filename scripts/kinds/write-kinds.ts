// CLI: tsx scripts/kinds/write-kinds.ts — writes what is gathered from the kinds of step: each side's
// table (./kind-tables.ts) and the kinds' stylesheet (./kind-styles.ts). The survey compiler and
// checker run it first, before they load a kind; so does every build.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { kindStylesSource, STYLES_FILE } from './kind-styles';
import { KIND_SIDES, kindTableSource, schemaStepTypes, TABLE_FILE } from './kind-tables';

/** The project root: two folders above this file. */
const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Writes `source` unless the file already holds it, so a watcher of the sources does not rebuild for nothing. */
function writeIfChanged(file: string, source: string): boolean {
  if (existsSync(file) && readFileSync(file, 'utf8') === source) return false;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, source);
  return true;
}

/** Writes every side's table and the kinds' stylesheet that are missing or out of date; returns the files written. */
export function writeKindFiles(root: string = PROJECT_ROOT): string[] {
  const kinds = schemaStepTypes(root);
  const files: [string, string][] = [[join(root, STYLES_FILE), kindStylesSource(root, kinds)]];
  for (const side of KIND_SIDES) {
    // A copy of the project without its browser tests has no driver folder, and needs no table there.
    if (existsSync(join(root, side.folder))) files.push([join(root, side.folder, TABLE_FILE), kindTableSource(side, kinds)]);
  }
  return files.filter(([file, source]) => writeIfChanged(file, source)).map(([file]) => file);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const written = writeKindFiles();
  if (written.length > 0) console.log(`kinds: wrote ${written.length} files gathered from the kinds of step`);
}

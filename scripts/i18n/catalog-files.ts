// Reads the catalogs of the working tree: locales/<lang>/messages.po for the 14 languages.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../../src/model';
import type { CatalogInput } from './catalog-problems';
import { readPo } from './po-file';

/** The folder of the catalogs, relative to the project root. */
export const LOCALES_DIR = 'locales';

/** A language's catalog file, relative to the project root. */
export const catalogFile = (language: string): string => `${LOCALES_DIR}/${language}/messages.po`;

/** Reads one catalog (entries undefined when the file does not exist). */
export function readCatalog(language: string, root: string = process.cwd()): CatalogInput {
  const file = catalogFile(language);
  const path = join(root, file);
  return { language, file, entries: existsSync(path) ? readPo(readFileSync(path, 'utf8')) : undefined };
}

/** The source catalog (English) and the 13 translated ones. */
export function readCatalogs(root: string = process.cwd()): { source: CatalogInput; translated: CatalogInput[] } {
  return {
    source: readCatalog(DEFAULT_LANGUAGE, root),
    translated: LANGUAGES.filter((language) => language !== DEFAULT_LANGUAGE).map((language) => readCatalog(language, root)),
  };
}

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LANGUAGES } from '../../src/model';
import type { Catalogs } from './diff-translations';
import { translatedIds } from '../survey/po-catalog';

/** The folder of the catalogs, relative to the project root: `locales/<lang>/messages.po`. */
export const LOCALES_DIR = 'locales';

/** The 14 languages the interface is translated into, each with its own catalog. */
export function catalogLanguages(): string[] {
  return [...LANGUAGES];
}

/** The path of a language's catalog, relative to the project root. */
export function catalogPath(language: string, localesDir: string = LOCALES_DIR): string {
  return `${localesDir}/${language}/messages.po`;
}

/** Reads each language's catalog with `read` (undefined: no catalog) and keeps its translated msgids. */
export async function readCatalogs(languages: readonly string[], read: (language: string) => Promise<string | undefined>): Promise<Catalogs> {
  const found = await Promise.all(languages.map(async (language) => [language, await read(language)] as const));
  return new Map(found.flatMap(([language, source]) => (source === undefined ? [] : [[language, translatedIds(source)] as const])));
}

/** The catalogs of the working tree under `root`. */
export function workingTreeCatalogs(root: string, languages: readonly string[], localesDir: string = LOCALES_DIR): Promise<Catalogs> {
  return readCatalogs(languages, (language) => readFile(join(root, catalogPath(language, localesDir)), 'utf8').catch(() => undefined));
}

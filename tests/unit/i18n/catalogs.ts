// Test support: the shipped catalogs, read with the build's own PO reader.
import { LANGUAGES } from '../../../src/model';
import { readCatalog } from '../../../scripts/i18n/catalog-files';
import type { PoEntry } from '../../../scripts/i18n/po-file';
import { compileMessageOrThrow, type CompiledMessage } from '@lingui/message-utils/compileMessage';

/** The 13 translated languages. */
export const TRANSLATED = LANGUAGES.filter((language) => language !== 'en');

/** English msgid → the entry of `language`'s catalog. */
export function catalog(language: string): Map<string, PoEntry> {
  const { entries, file } = readCatalog(language);
  if (!entries) throw new Error(`${file} is missing`);
  return new Map(entries.map((entry) => [entry.msgid, entry]));
}

/** Every (English, translation) pair of a language. */
export function pairs(language: string): { english: string; translation: string; line: number }[] {
  return [...catalog(language).values()].map((entry) => ({ english: entry.msgid, translation: entry.msgstr, line: entry.line }));
}

function texts(tokens: CompiledMessage, out: string[]): string[] {
  for (const token of tokens) {
    if (typeof token === 'string') out.push(token);
    else if (token[2] && typeof token[2] === 'object') {
      for (const [key, branch] of Object.entries(token[2] as Record<string, unknown>)) if (key !== 'offset' && Array.isArray(branch)) texts(branch as CompiledMessage, out);
    } else out.push(' ');
  }
  return out;
}

/**
 * The words of a message: its text with each ICU argument as a space and without the tags of
 * <Trans>, each plural branch in turn (for checks on punctuation and terms).
 */
export function wordsOf(message: string): string {
  return texts(compileMessageOrThrow(message), []).join('\n').replace(/<\/?\d+\/?>/g, '');
}

/** The forms (one, few, other…) of each plural in a message, in order. */
export function pluralForms(message: string): string[][] {
  const found: string[][] = [];
  const walk = (tokens: CompiledMessage) => {
    for (const token of tokens) {
      if (typeof token === 'string' || !token[2] || typeof token[2] !== 'object') continue;
      const branches = Object.entries(token[2] as Record<string, unknown>).filter(([key]) => key !== 'offset');
      if (token[1] === 'plural') found.push(branches.map(([key]) => key));
      for (const [, branch] of branches) if (Array.isArray(branch)) walk(branch as CompiledMessage);
    }
  };
  walk(compileMessageOrThrow(message));
  return found;
}

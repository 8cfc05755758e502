// A language's catalog as the tests read it: the PO file's messages compiled as the app compiles
// them, so a test can wait for the text a customer of that language sees.
import { readFileSync } from 'node:fs';
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { compileMessage, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import { readPo } from '../../../scripts/i18n/po-file';
import type { Language } from '../../../src/model';

export interface Catalog {
  language: Language;
  /** English msgid → its text in this language, placeholders filled with `values`. */
  t: (english: string, values?: Record<string, unknown>) => string;
  /** A pattern matching any rendering of the translation of `english` (whatever its numbers). */
  pattern: (english: string) => RegExp;
  /** English msgids whose translation differs from the English. */
  translatedIds: Set<string>;
}

export function loadCatalog(language: Language): Catalog {
  const entries = readPo(readFileSync(`locales/${language}/messages.po`, 'utf8'));
  const messages: Messages = Object.fromEntries(entries.map((entry) => [entry.msgid, compileMessage(entry.msgstr || entry.msgid)]));
  const i18n: I18n = setupI18n({ locale: language, messages: { [language]: messages } });
  const known = new Set(entries.map((entry) => entry.msgid));
  return {
    language,
    t: (english, values) => {
      if (!known.has(english)) throw new Error(`'${english}' is not in the ${language} catalog`);
      return i18n._(english, values).replace(/<\/?\d+>/g, '');
    },
    pattern: (english) => {
      const entry = entries.find((e) => e.msgid === english);
      if (!entry) throw new Error(`'${english}' is not in the ${language} catalog`);
      return new RegExp(`^${patternOf(compileMessage(entry.msgstr || entry.msgid))}$`);
    },
    translatedIds: new Set(entries.filter((entry) => entry.msgstr !== entry.msgid).map((entry) => entry.msgid)),
  };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A pattern matching any rendering of a compiled English message (arguments as wildcards, tags dropped). */
export function patternOf(tokens: CompiledMessage): string {
  return tokens
    .map((token) => {
      if (typeof token === 'string') return escapeRegExp(token.replace(/<\/?\d+>/g, '')).replace(/#/g, '\\d+');
      const [, type, format] = token;
      if ((type === 'plural' || type === 'select') && format && typeof format === 'object') {
        const branches = Object.entries(format as Record<string, unknown>).filter(([key]) => key !== 'offset');
        return `(?:${branches.map(([, branch]) => patternOf(branch as CompiledMessage)).join('|')})`;
      }
      return '.+?';
    })
    .join('');
}

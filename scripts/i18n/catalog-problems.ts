// Everything that keeps a catalog from shipping: a text no catalog has yet (the survey changed and
// nobody extracted), a text a language leaves untranslated, broken ICU syntax, a translation whose
// placeholders differ from its English source, and a plural whose forms are not its language's.
// Every problem is reported, not just the first.
import type { PoEntry } from './po-file';
import { describePlaceholders, placeholdersOf, pluralsOf, samePlaceholders, type Placeholders } from '../survey/placeholders';

/** The kinds of catalog problem; `not-extracted` and `untranslated` are the ones a translator fixes. */
export type CatalogProblemCode = 'missing-catalog' | 'not-extracted' | 'untranslated' | 'icu-syntax' | 'placeholders' | 'plural-forms' | 'text-too-long';

/** One problem at one place; `line` is 1-based. */
export interface CatalogProblem {
  file: string;
  line: number;
  code: CatalogProblemCode;
  message: string;
  /** For `untranslated`: the English text and the language that leaves it untranslated (see groupUntranslated). */
  untranslated?: { text: string; language: string };
}

/** A language's catalog as read from disk; `entries` is undefined when the file is missing. */
export interface CatalogInput {
  language: string;
  file: string;
  entries: PoEntry[] | undefined;
}

/** A customer-visible survey text and the YAML file it came from; `cap`, the most characters the survey storage takes of it. */
export interface SourceText {
  text: string;
  origin: string;
  cap?: number;
}

const keyOf = (entry: Pick<PoEntry, 'msgid' | 'msgctxt'>) => `${entry.msgctxt ?? ''}\u0004${entry.msgid}`;
const quote = (text: string) => `'${text.length > 70 ? `${text.slice(0, 67)}…` : text}'`;

function parsed(message: string): Placeholders | Error {
  try {
    return placeholdersOf(message);
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

/** The largest whole number a plural is checked for: every form a count up to it takes must be written. */
const LARGEST_COUNT = 2000;

/** What a language's plurals must and may list: every form a whole number up to LARGEST_COUNT takes, and `other`; its CLDR forms. */
function pluralRules(language: string, ordinal: boolean): { needed: string[]; known: Set<string> } {
  const rules = new Intl.PluralRules(language, { type: ordinal ? 'ordinal' : 'cardinal' });
  const needed = new Set<string>(Array.from({ length: LARGEST_COUNT + 1 }, (_, n) => rules.select(n)));
  needed.add('other');
  const known = new Set<string>(rules.resolvedOptions().pluralCategories);
  return { needed: [...known].filter((form) => needed.has(form)), known };
}

/**
 * What is wrong with the plural forms of one message in `language`: a form the language needs that
 * the plural leaves out (1 would read as 3 does), or one the language does not have (never shown).
 * Exact forms (`=0`) are always allowed.
 */
function pluralProblem(language: string, message: string): string | undefined {
  for (const plural of pluralsOf(message)) {
    const { needed, known } = pluralRules(language, plural.ordinal);
    const missing = needed.filter((form) => !plural.forms.includes(form));
    // Lingui compiles an exact form (=0) to its number.
    const foreign = plural.forms.filter((form) => !/^=?\d+$/.test(form) && !known.has(form));
    if (missing.length === 0 && foreign.length === 0) continue;
    const wrong = [
      ...(missing.length > 0 ? [`lacks ${missing.join(', ')}`] : []),
      ...(foreign.length > 0 ? [`has ${foreign.join(', ')}, which ${language} does not use`] : []),
    ];
    return `the plural of {${plural.argument}} ${wrong.join(' and ')} (${language} needs ${needed.join(', ')})`;
  }
  return undefined;
}

/**
 * Checks the translated catalogs against the source catalog (English) and the source catalog
 * against the survey texts it must hold. Problems come sorted by file and line.
 */
export function checkCatalogs(source: CatalogInput, translated: readonly CatalogInput[], surveyTexts: readonly SourceText[] = []): CatalogProblem[] {
  const problems: CatalogProblem[] = [];
  if (!source.entries) {
    return [{ file: source.file, line: 1, code: 'missing-catalog', message: 'the source catalog is missing: run npm run i18n:extract' }];
  }
  const sourceIds = new Set(source.entries.map((entry) => entry.msgid));
  const caps = new Map(surveyTexts.flatMap(({ text, cap }) => (cap === undefined ? [] : [[text, cap] as const])));
  for (const { text, origin } of surveyTexts) {
    if (!sourceIds.has(text)) {
      problems.push({ file: origin, line: 1, code: 'not-extracted', message: `${quote(text)} is in no catalog yet: run npm run i18n:extract, then translate it` });
    }
  }
  const sourcePlaceholders = new Map<string, Placeholders>();
  for (const entry of source.entries) {
    const english = parsed(entry.msgstr || entry.msgid);
    if (english instanceof Error) {
      problems.push({ file: source.file, line: entry.line, code: 'icu-syntax', message: `${quote(entry.msgid)}: ${english.message}` });
    } else {
      sourcePlaceholders.set(keyOf(entry), english);
      const plural = pluralProblem(source.language, entry.msgstr || entry.msgid);
      if (plural) problems.push({ file: source.file, line: entry.line, code: 'plural-forms', message: `${quote(entry.msgid)}: ${plural}` });
    }
  }
  for (const catalog of translated) {
    if (!catalog.entries) {
      problems.push({ file: catalog.file, line: 1, code: 'missing-catalog', message: `there is no ${catalog.language} catalog: run npm run i18n:extract` });
      continue;
    }
    const byKey = new Map(catalog.entries.map((entry) => [keyOf(entry), entry]));
    for (const entry of source.entries) {
      const own = byKey.get(keyOf(entry));
      if (!own) {
        problems.push({
          file: catalog.file,
          line: 1,
          code: 'untranslated',
          message: `${quote(entry.msgid)} is not in this catalog yet: run npm run i18n:extract, then translate it`,
          untranslated: { text: entry.msgid, language: catalog.language },
        });
        continue;
      }
      if (own.msgstr.trim() === '') {
        problems.push({
          file: catalog.file,
          line: own.line,
          code: 'untranslated',
          message: `${quote(entry.msgid)} has no ${catalog.language} translation`,
          untranslated: { text: entry.msgid, language: catalog.language },
        });
        continue;
      }
      const translation = parsed(own.msgstr);
      if (translation instanceof Error) {
        problems.push({ file: catalog.file, line: own.line, code: 'icu-syntax', message: `the translation of ${quote(entry.msgid)}: ${translation.message}` });
        continue;
      }
      const english = sourcePlaceholders.get(keyOf(entry));
      if (english && !samePlaceholders(english, translation)) {
        problems.push({
          file: catalog.file,
          line: own.line,
          code: 'placeholders',
          message: `the translation of ${quote(entry.msgid)} has ${describePlaceholders(translation)}, the English has ${describePlaceholders(english)}`,
        });
      }
      // A submission stores the translation beside the English: past the storage's cap, every one that chose it is refused.
      const cap = caps.get(entry.msgid);
      const length = [...own.msgstr].length;
      if (cap !== undefined && length > cap) {
        const message = `the translation of ${quote(entry.msgid)} is ${length} characters, more than the survey storage takes (${cap}): shorten it`;
        problems.push({ file: catalog.file, line: own.line, code: 'text-too-long', message });
      }
      const plural = pluralProblem(catalog.language, own.msgstr);
      if (plural) {
        problems.push({ file: catalog.file, line: own.line, code: 'plural-forms', message: `the translation of ${quote(entry.msgid)}: ${plural}` });
      }
    }
  }
  return problems.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

/** `locales/de/messages.po:12:1: error untranslated: …` — the survey checker's format. */
export function formatCatalogProblem(problem: CatalogProblem, severity: 'error' | 'warning' = 'error'): string {
  return `${problem.file}:${problem.line}:1: ${severity} ${problem.code}: ${problem.message}`;
}

/**
 * One `untranslated` problem per text instead of one per catalog: at the first catalog that lacks it,
 * naming every language. Used where they are warnings (I18N_ALLOW_MISSING), so that one new text is
 * one line of the to-do list, not thirteen. Other problems stay as they are, in their order.
 */
export function groupUntranslated(problems: readonly CatalogProblem[]): CatalogProblem[] {
  const languagesOf = new Map<string, string[]>();
  for (const { untranslated } of problems) {
    if (untranslated) languagesOf.set(untranslated.text, [...(languagesOf.get(untranslated.text) ?? []), untranslated.language]);
  }
  const grouped: CatalogProblem[] = [];
  for (const problem of problems) {
    const { untranslated } = problem;
    if (!untranslated) {
      grouped.push(problem);
      continue;
    }
    const languages = languagesOf.get(untranslated.text);
    // Only the first problem of a text stands for the group; the map entry is spent with it.
    if (!languages) continue;
    languagesOf.delete(untranslated.text);
    if (languages.length === 1) {
      grouped.push(problem);
      continue;
    }
    grouped.push({ ...problem, message: `${quote(untranslated.text)} has no translation in ${languages.join(', ')}` });
  }
  return grouped;
}

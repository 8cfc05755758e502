// CLI: tsx scripts/i18n/app-catalogs.ts [--later-sources <file>] — the app's catalogs: the compiled
// catalogs of src/generated/locales without the messages only the server writes (the emails' texts,
// whose every origin is in src/server/), and without the survey texts that read in the catalog's
// language as their id does (all of them in English, where the id is the text): translateSurveyText
// (src/i18n) gives such a text as it stands. Each is in two parts: src/generated/locales/app/<locale>.ts,
// which the page loads at its start, and app/<locale>.later.ts, the messages whose every origin is one
// of the source files the JSON list in <file> names (the build lists those only the screens after a
// survey page's first ones reach: scripts/build/catalog-split.mjs), which those screens load. Without
// the list the later part is empty. The server keeps the whole catalogs. Run by scripts/i18n/compile.mjs
// and again by the build.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import { join } from 'node:path';
import { readPo, type PoEntry } from './po-file';
import { SURVEY_TEXT_COMMENT } from './survey-extractor';

const COMPILED = 'src/generated/locales';
const APP = join(COMPILED, 'app');
const COMPILED_MODULE = /^(.*?export const messages=JSON\.parse\()("(?:[^"\\]|\\.)*")(\);?.*)$/s;

/** Whether only the server uses an entry: an explicit id (i18n._ in src/server) with every origin under src/server/. */
export function isServerOnly(entry: PoEntry): boolean {
  return entry.comments.includes('js-lingui-explicit-id') && entry.origins.length > 0 && entry.origins.every((origin) => origin.startsWith('src/server/'));
}

/** Whether an entry is a survey text, looked up by its English (translateSurveyText in src/i18n). */
export function isSurveyText(entry: PoEntry): boolean {
  return entry.comments.includes(SURVEY_TEXT_COMMENT);
}

/** Whether a compiled message is its id as it stands: one piece of plain text, the id itself. */
export function readsAsItsId(id: string, compiled: unknown): boolean {
  return Array.isArray(compiled) && compiled.length === 1 && compiled[0] === id;
}

/** The value of a JavaScript string literal in double quotes: JSON's escapes, and `\xHH` (which Lingui writes). */
function stringLiteralValue(literal: string): string {
  return JSON.parse(literal.replace(/\\(\\|x([0-9a-fA-F]{2}))/g, (escape: string, _all: string, hex?: string) => (hex === undefined ? escape : `\\u00${hex}`))) as string;
}

/** Where a message goes: nowhere (the server's alone, or read as its id), the part loaded at the start, or the later one. */
export type CatalogPart = 'none' | 'first' | 'later';

/** A compiled catalog module split into its two parts, each message where `partOf` says (by id and compiled message). */
export function catalogParts(source: string, partOf: (id: string, compiled: unknown) => CatalogPart): { first: string; later: string } {
  const match = COMPILED_MODULE.exec(source);
  if (!match) throw new Error('not a compiled Lingui catalog: no `export const messages=JSON.parse("…")`');
  const messages = JSON.parse(stringLiteralValue(match[2] ?? '""')) as Record<string, unknown>;
  const part = (wanted: CatalogPart) => Object.fromEntries(Object.entries(messages).filter(([id, compiled]) => partOf(id, compiled) === wanted));
  const module = (kept: Record<string, unknown>) => `${match[1] ?? ''}${JSON.stringify(JSON.stringify(kept))}${match[3] ?? ''}`;
  return { first: module(part('first')), later: module(part('later')) };
}

/** The id a compiled catalog keys an entry by: its own where it has one, else Lingui's hash of its text. */
export function messageId(entry: PoEntry): string {
  return entry.comments.includes('js-lingui-explicit-id') ? entry.msgid : generateMessageId(entry.msgid, entry.msgctxt);
}

/** Whether every place an entry is used is one of `sources` (file paths from the project root). */
export function onlyIn(entry: PoEntry, sources: ReadonlySet<string>): boolean {
  return entry.origins.length > 0 && entry.origins.every((origin) => sources.has(origin.replace(/:\d+$/, '')));
}

function main(): void {
  const listed = process.argv.indexOf('--later-sources');
  const laterSources = new Set<string>(listed < 0 ? [] : (JSON.parse(readFileSync(process.argv[listed + 1] ?? '', 'utf8')) as string[]));
  // Every catalog lists the same entries (the English one is the source).
  const entries = readPo(readFileSync('locales/en/messages.po', 'utf8'));
  const serverOnly = new Set(entries.filter(isServerOnly).map((entry) => entry.msgid));
  const surveyTexts = new Set(entries.filter(isSurveyText).map((entry) => entry.msgid));
  const later = new Set(entries.filter((entry) => onlyIn(entry, laterSources)).map(messageId));
  const partOf = (id: string, compiled: unknown): CatalogPart => {
    if (serverOnly.has(id) || (surveyTexts.has(id) && readsAsItsId(id, compiled))) return 'none';
    return later.has(id) ? 'later' : 'first';
  };
  mkdirSync(APP, { recursive: true });
  for (const file of readdirSync(COMPILED).filter((name) => name.endsWith('.ts'))) {
    const parts = catalogParts(readFileSync(join(COMPILED, file), 'utf8'), partOf);
    writeFileSync(join(APP, file), parts.first);
    // Its chunk is named `<locale>.later-<hash>.js`, apart from the first part's `<locale>-<hash>.js`.
    writeFileSync(join(APP, file.replace(/\.ts$/, '.later.ts')), parts.later);
  }
}

if (process.argv[1]?.endsWith('app-catalogs.ts')) main();

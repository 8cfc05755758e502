// CLI: tsx scripts/i18n/app-catalogs.ts — the app's catalogs: src/generated/locales/app/<locale>.ts,
// the compiled catalogs of src/generated/locales without the messages only the server writes (the
// emails' texts, whose every origin is in src/server/), and without the survey texts that read in the
// catalog's language as their id does (all of them in English, where the id is the text):
// translateSurveyText (src/i18n) gives such a text as it stands. The server keeps the whole catalogs;
// the page loads one of these, so its first screen carries neither the emails nor English twice.
// Run by scripts/i18n/compile.mjs.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
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

/** A compiled catalog module without the messages `drop` picks (by id and compiled message). */
export function withoutMessages(source: string, drop: (id: string, compiled: unknown) => boolean): string {
  const match = COMPILED_MODULE.exec(source);
  if (!match) throw new Error('not a compiled Lingui catalog: no `export const messages=JSON.parse("…")`');
  const messages = JSON.parse(stringLiteralValue(match[2] ?? '""')) as Record<string, unknown>;
  const kept = Object.fromEntries(Object.entries(messages).filter(([id, compiled]) => !drop(id, compiled)));
  return `${match[1] ?? ''}${JSON.stringify(JSON.stringify(kept))}${match[3] ?? ''}`;
}

function main(): void {
  // Every catalog lists the same entries (the English one is the source).
  const entries = readPo(readFileSync('locales/en/messages.po', 'utf8'));
  const serverOnly = new Set(entries.filter(isServerOnly).map((entry) => entry.msgid));
  const surveyTexts = new Set(entries.filter(isSurveyText).map((entry) => entry.msgid));
  const drop = (id: string, compiled: unknown) => serverOnly.has(id) || (surveyTexts.has(id) && readsAsItsId(id, compiled));
  mkdirSync(APP, { recursive: true });
  for (const file of readdirSync(COMPILED).filter((name) => name.endsWith('.ts'))) {
    writeFileSync(join(APP, file), withoutMessages(readFileSync(join(COMPILED, file), 'utf8'), drop));
  }
}

if (process.argv[1]?.endsWith('app-catalogs.ts')) main();

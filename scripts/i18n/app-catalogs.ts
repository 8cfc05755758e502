// CLI: tsx scripts/i18n/app-catalogs.ts — the app's catalogs: src/generated/locales/app/<locale>.ts,
// the compiled catalogs of src/generated/locales without the messages only the server writes (the
// emails' texts, whose every origin is in src/server/). The server keeps the whole catalogs; the page
// loads one of these, so its first screen does not carry the emails. Run by scripts/i18n/compile.mjs.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readPo, type PoEntry } from './po-file';

const COMPILED = 'src/generated/locales';
const APP = join(COMPILED, 'app');
const COMPILED_MODULE = /^(.*?export const messages=JSON\.parse\()("(?:[^"\\]|\\.)*")(\);?.*)$/s;

/** Whether only the server uses an entry: an explicit id (i18n._ in src/server) with every origin under src/server/. */
export function isServerOnly(entry: PoEntry): boolean {
  return entry.comments.includes('js-lingui-explicit-id') && entry.origins.length > 0 && entry.origins.every((origin) => origin.startsWith('src/server/'));
}

/** The value of a JavaScript string literal in double quotes: JSON's escapes, and `\xHH` (which Lingui writes). */
function stringLiteralValue(literal: string): string {
  return JSON.parse(literal.replace(/\\(\\|x([0-9a-fA-F]{2}))/g, (escape: string, _all: string, hex?: string) => (hex === undefined ? escape : `\\u00${hex}`))) as string;
}

/** A compiled catalog module without the messages of `drop`. */
export function withoutMessages(source: string, drop: ReadonlySet<string>): string {
  const match = COMPILED_MODULE.exec(source);
  if (!match) throw new Error('not a compiled Lingui catalog: no `export const messages=JSON.parse("…")`');
  const messages = JSON.parse(stringLiteralValue(match[2] ?? '""')) as Record<string, unknown>;
  const kept = Object.fromEntries(Object.entries(messages).filter(([id]) => !drop.has(id)));
  return `${match[1] ?? ''}${JSON.stringify(JSON.stringify(kept))}${match[3] ?? ''}`;
}

function main(): void {
  // Every catalog lists the same entries (the English one is the source).
  const serverOnly = new Set(readPo(readFileSync('locales/en/messages.po', 'utf8')).filter(isServerOnly).map((entry) => entry.msgid));
  mkdirSync(APP, { recursive: true });
  for (const file of readdirSync(COMPILED).filter((name) => name.endsWith('.ts'))) {
    writeFileSync(join(APP, file), withoutMessages(readFileSync(join(COMPILED, file), 'utf8'), serverOnly));
  }
}

if (process.argv[1]?.endsWith('app-catalogs.ts')) main();

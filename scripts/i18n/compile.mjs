// Compiles the Lingui catalogs (locales/<lang>/messages.po) into the ignored
// src/generated/locales/<locale>.ts that the app imports lazily, one chunk per language.
// Run by the build before esbuild:  node scripts/i18n/compile.mjs
//
// Strict: a text a catalog leaves untranslated, broken ICU syntax, a translation whose
// placeholders differ from the English or a plural without its language's forms fails the build,
// with every problem listed (scripts/i18n/check-catalogs.ts), and `lingui compile --strict`
// refuses missing translations too.
// I18N_ALLOW_MISSING=1 compiles anyway, English standing in for what is missing: for local work
// while a translation is under way, never for a release (npm run dev always sets it).
// --skip-survey-texts (npm run dev) is passed on to the check: see scripts/i18n/check-catalogs.ts.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pseudoModule } from './pseudo.mjs';

const bin = (name) => join(process.cwd(), 'node_modules/.bin', name);
const allowMissing = process.env.I18N_ALLOW_MISSING === '1';

/** Runs one step; its own output says what is wrong, so no stack trace. */
function run(command, args) {
  try {
    execFileSync(command, args, { stdio: ['ignore', 'inherit', 'inherit'] });
  } catch {
    process.exit(1);
  }
}

const skipSurveyTexts = process.argv.includes('--skip-survey-texts') ? ['--skip-survey-texts'] : [];
run(bin('tsx'), ['scripts/i18n/check-catalogs.ts', ...(allowMissing ? ['--allow-missing', ...skipSurveyTexts] : [])]);
const lingui = ['compile', '--workers', '1', ...(allowMissing ? [] : ['--strict'])];
try {
  // Lingui's progress lines are noise in the build log; its errors go to stderr.
  execFileSync(bin('lingui'), lingui, { stdio: ['ignore', 'ignore', 'inherit'] });
} catch {
  process.exit(1);
}

// The pseudo-locale (development only): bracket every message and lengthen it by a third, so a
// text cut off by the layout, or one that never went through Lingui, stands out.
const pseudoFile = 'src/generated/locales/pseudo-LOCALE.ts';
writeFileSync(pseudoFile, pseudoModule(readFileSync(pseudoFile, 'utf8')));

// The app's catalogs, without the emails' texts (src/generated/locales/app/).
run(bin('tsx'), ['scripts/i18n/app-catalogs.ts']);

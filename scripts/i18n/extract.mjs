// Updates the 14 Lingui catalogs from the source: the UI's macros and the compiled survey texts.
// New texts arrive untranslated in every catalog (the build fails until they are translated);
// texts no longer used are dropped. The pseudo-locale has no catalog: it is made from English.
// The survey is compiled with missing translations allowed (printed as warnings): a text the
// catalogs do not have yet is exactly what this script is run for.
//   node scripts/i18n/extract.mjs        (npm run i18n:extract)
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const LANGUAGES = ['de', 'en', 'es', 'fr', 'it', 'ja', 'ko', 'nl', 'pl', 'pt', 'sv', 'tr', 'vi', 'zh'];
const bin = (name) => join(process.cwd(), 'node_modules/.bin', name);
try {
  // The survey texts are read from the compiled bundle.
  execFileSync(bin('tsx'), ['scripts/survey/compile.ts', '--allow-missing-translations'], { stdio: 'inherit' });
  execFileSync(bin('lingui'), ['extract', '--clean', '--locale', LANGUAGES.join(',')], { stdio: 'inherit' });
} catch {
  process.exit(1);
}

// Updates the Lingui catalogs from the source: the UI's macros and the compiled survey texts.
// Every language with a folder under locales/ is updated (English only for now; a new language
// is added by creating locales/<lang>/). Messages no longer used are dropped.
//   node scripts/i18n/extract.mjs
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const bin = (name) => join(process.cwd(), 'node_modules/.bin', name);
const languages = readdirSync('locales', { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
try {
  // The survey texts are read from the compiled bundle.
  execFileSync(bin('tsx'), ['scripts/survey/compile.ts'], { stdio: 'inherit' });
  execFileSync(bin('lingui'), ['extract', '--clean', ...languages.flatMap((l) => ['--locale', l])], { stdio: 'inherit' });
} catch {
  process.exit(1);
}

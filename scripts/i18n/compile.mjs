// Compiles the Lingui catalogs (locales/{locale}/messages.po) into the ignored
// src/generated/locales/{locale}.ts that the app imports lazily, one chunk per language.
// A language without a catalog yet compiles to the English texts (fallbackLocales in lingui.config.ts).
// Run by the build before esbuild:  node scripts/i18n/compile.mjs
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const lingui = join(process.cwd(), 'node_modules/.bin/lingui');
try {
  execFileSync(lingui, ['compile', '--workers', '1'], { stdio: ['ignore', 'ignore', 'inherit'] });
} catch {
  // Lingui has printed what is wrong with which catalog.
  process.exit(1);
}

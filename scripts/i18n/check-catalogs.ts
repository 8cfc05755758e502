// Checks the catalogs before they are compiled (scripts/i18n/compile.mjs runs it):
//   tsx scripts/i18n/check-catalogs.ts [--allow-missing [--skip-survey-texts]]
// Prints every problem as FILE:LINE:COL: error CODE: message and exits 1 when there is one.
// --allow-missing (I18N_ALLOW_MISSING=1 in the build, always in npm run dev) reports untranslated
// texts as warnings, one line per text naming its languages, for local work while translations are
// under way; broken ICU, wrong placeholders and wrong plural forms stay errors.
// --skip-survey-texts leaves out the warnings about survey texts: npm run dev compiles the survey
// right after, and its compiler reports them at their YAML line, which is where a product manager looks.
import { existsSync, readFileSync } from 'node:fs';
import type { CompiledBundle } from '../../src/model';
import { readCatalogs } from './catalog-files';
import { checkCatalogs, formatCatalogProblem, groupUntranslated, type CatalogProblemCode } from './catalog-problems';
import { surveyTexts } from './survey-extractor';

const BUNDLE = 'src/generated/survey.json';
const TRANSLATOR_WORK: ReadonlySet<CatalogProblemCode> = new Set(['not-extracted', 'untranslated']);

const allowMissing = process.argv.includes('--allow-missing');
const skipSurveyTexts = allowMissing && process.argv.includes('--skip-survey-texts');
const texts = existsSync(BUNDLE) ? surveyTexts(JSON.parse(readFileSync(BUNDLE, 'utf8')) as CompiledBundle) : [];
const surveyTextSet = new Set(texts.map(({ text }) => text));
const { source, translated } = readCatalogs();
const found = checkCatalogs(source, translated, texts);
const problems = allowMissing ? groupUntranslated(found) : found;
let errors = 0;
for (const problem of problems) {
  const warning = allowMissing && TRANSLATOR_WORK.has(problem.code);
  if (!warning) errors += 1;
  const aboutSurveyText = problem.code === 'not-extracted' || (problem.untranslated !== undefined && surveyTextSet.has(problem.untranslated.text));
  if (warning && skipSurveyTexts && aboutSurveyText) continue;
  console.error(formatCatalogProblem(problem, warning ? 'warning' : 'error'));
}
if (errors > 0) {
  console.error(`i18n: ${errors} problem${errors === 1 ? '' : 's'} in the catalogs; nothing was compiled`);
  process.exit(1);
}
const count = source.entries?.length ?? 0;
console.log(`i18n: ${translated.length + 1} catalogs, ${count} messages each${found.length > 0 ? `, ${found.length} untranslated (allowed)` : ''}`);

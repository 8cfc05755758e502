import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { LANGUAGES } from '../../src/model';
import type { YamlFile } from './load-yaml';
import { translatedIds } from './po-catalog';
import { problemAt } from './problems';
import type { Problem } from './problems';
import { yamlTexts } from './yaml-texts';

/** The catalogs of every language, or undefined where the survey folder has no locales/ beside it. */
export type Catalogs = Map<string, Set<string> | undefined>;

/**
 * The catalogs beside a survey folder (`<folder>/../locales/<lang>/messages.po`): for each language,
 * the English texts it translates (undefined for a language whose catalog is missing). Undefined when
 * there is no locales/ folder at all, as for a survey checked on its own outside the project.
 */
export async function catalogsBeside(surveyFile: string): Promise<Catalogs | undefined> {
  const localesDir = join(dirname(surveyFile), '..', 'locales');
  const catalogs: Catalogs = new Map();
  let found = 0;
  for (const language of LANGUAGES) {
    const source = await readFile(join(localesDir, language, 'messages.po'), 'utf8').catch(() => undefined);
    if (source !== undefined) found += 1;
    catalogs.set(language, source === undefined ? undefined : translatedIds(source));
  }
  return found > 0 ? catalogs : undefined;
}

/**
 * Survey texts missing from any of the 14 catalogs (DESIGN §3): one problem per text, at the text,
 * naming the languages; one per missing catalog, at the top of the file.
 */
export function checkTranslations(yaml: YamlFile, catalogs: Catalogs): Problem[] {
  const problems: Problem[] = [];
  const missingCatalogs = [...catalogs].filter(([, ids]) => ids === undefined).map(([language]) => language);
  if (missingCatalogs.length > 0) {
    problems.push(
      problemAt(yaml.file, { line: 1, col: 1 }, 'missing-translation', `no catalog for ${missingCatalogs.join(', ')}: run npm run i18n:extract`),
    );
  }
  for (const { text, path } of yamlTexts(yaml.data)) {
    const missing = [...catalogs].filter(([, ids]) => ids !== undefined && !ids.has(text)).map(([language]) => language);
    if (missing.length === 0) continue;
    const languages = missing.length === catalogs.size ? 'any language' : missing.join(', ');
    problems.push(
      problemAt(
        yaml.file,
        yaml.locate(path),
        'missing-translation',
        `'${text}' has no translation in ${languages}: run npm run i18n:extract, then translate it in locales/<language>/messages.po`,
      ),
    );
  }
  return problems;
}

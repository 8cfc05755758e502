import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { LANGUAGES } from '../../src/model';
import { COMPILER_KINDS, isStepType } from './kinds';
import type { YamlFile, YamlPath } from './load-yaml';
import { placeholdersOf, pluralsOf } from './placeholders';
import type { Block } from './read-helpers';
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

/** What the step a text belongs to may give its ICU arguments: an offer's values, nothing elsewhere. */
function argumentsAt(data: unknown, path: YamlPath): readonly string[] {
  const [top, index] = path;
  if (top !== 'steps' || typeof index !== 'number' || typeof data !== 'object' || data === null) return [];
  const { steps } = data as { steps?: unknown };
  const step: unknown = Array.isArray(steps) ? steps[index] : undefined;
  if (typeof step !== 'object' || step === null) return [];
  const { type } = step as { type?: unknown };
  return isStepType(type) ? (COMPILER_KINDS[type].textArguments?.(step as Block, path.slice(2)) ?? []) : [];
}

/**
 * Every text is an ICU message, the id the catalogs translate it by: its syntax must be sound (a
 * plural needs `other`, braces close), and it may name only the values its step gives (an offer's
 * `{percent}`, `{months}`, `{plan}`), since any other would render empty. Checked with or without catalogs.
 */
export function checkMessages(yaml: YamlFile): Problem[] {
  const problems: Problem[] = [];
  for (const { text, path } of yamlTexts(yaml.data)) {
    let named: string[];
    try {
      named = placeholdersOf(text).arguments;
      // Lingui's parser takes a plural without `other`, but rendering a count no form names then fails.
      const incomplete = pluralsOf(text).find((plural) => !plural.forms.includes('other'));
      if (incomplete) {
        const kind = incomplete.ordinal ? 'selectordinal' : 'plural';
        const { argument } = incomplete;
        const message = `the ${kind} of {${argument}} has no 'other' form, so a count none of its forms names cannot be shown: add one, as in {${argument}, ${kind}, one {# …} other {# …}}`;
        problems.push(problemAt(yaml.file, yaml.locate(path), 'icu-syntax', message));
        continue;
      }
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0]?.replace(/:$/, '');
      problems.push(problemAt(yaml.file, yaml.locate(path), 'icu-syntax', `'${text}' is not a valid ICU message: ${reason}`));
      continue;
    }
    const allowed = argumentsAt(yaml.data, path);
    const unknown = named.filter((name) => !allowed.includes(name));
    if (unknown.length === 0) continue;
    const given = allowed.length === 0 ? 'this text is given no values' : `this text is given ${allowed.map((name) => `{${name}}`).join(', ')}`;
    const message = `${unknown.map((name) => `{${name}}`).join(', ')} would be empty: ${given} (a literal brace is written '{')`;
    problems.push(problemAt(yaml.file, yaml.locate(path), 'unknown-placeholder', message));
  }
  return problems;
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

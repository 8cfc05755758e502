// The cancellation policies' customer-visible texts (the cancel-now control's label, the declaration
// screen's heading and button) are survey texts: extracted into the catalogs with their policies.yaml
// lines, and refused by the checker at their line until every catalog translates them.
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompiledBundle } from '../../../src/model';
import { surveyMessages } from '../../../scripts/i18n/survey-extractor';
import { checkSurveyProject, compileProject, SurveyProblemsError, surveyTexts } from '../../../scripts/survey';
import { loadYamlFile } from '../../../scripts/survey/load-yaml';
import { yamlTexts } from '../../../scripts/survey/yaml-texts';

const ROOT = process.cwd();
const POLICIES = 'survey/policies.yaml';
let bundle: CompiledBundle;
let scratch: string;

beforeAll(async () => {
  // Whether or not the catalogs have the policies' texts yet: extraction compiles so too.
  ({ bundle } = await compileProject(ROOT, { allowMissingTranslations: true }));
  scratch = await mkdtemp(join(tmpdir(), 'policy-texts-'));
});

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

/** The 1-based lines of policies.yaml on which one of `keys` is written with `text`. */
async function linesOf(text: string, keys: readonly string[]): Promise<number[]> {
  const lines = (await readFile(join(ROOT, POLICIES), 'utf8')).split('\n');
  return lines.flatMap((line, index) => (keys.some((key) => line.trim() === `${key}: ${text}`) ? [index + 1] : []));
}

describe('the policies’ texts', () => {
  it('are the cancel-now texts of policies.yaml; a policy’s title is not shown to customers', async () => {
    const texts = yamlTexts((await loadYamlFile(join(ROOT, POLICIES))).data);
    expect(new Set(texts.map(({ path }) => path.slice(2).join('.')))).toEqual(new Set(['cancelNow.label', 'cancelNow.heading', 'cancelNow.submit']));
    expect(texts.map(({ text }) => text)).not.toContain('Germany, §312k BGB');
  });

  it('are among the bundle’s survey texts, those no survey has with policies.yaml as their origin', () => {
    const fromPolicies = surveyTexts(bundle).filter(({ origin }) => origin === POLICIES);
    expect(fromPolicies.map(({ text }) => text)).toEqual(['Cancel now', 'Cancel your subscription', 'Withdraw from contract here', 'Withdraw from your contract', 'Confirm withdrawal']);
  });

  it('are extracted with every policies.yaml line they are written on', async () => {
    const messages = await surveyMessages(bundle, ROOT);
    const originsOf = (text: string): string[] =>
      messages.filter((message) => message.id === text).map((message) => `${(message.origin?.[0] ?? '').slice(ROOT.length + 1)}:${message.origin?.[1]}`);
    const cancelNow = await linesOf('Cancel now', ['label', 'submit']);
    expect(cancelNow.length).toBeGreaterThan(2);
    expect(originsOf('Cancel now')).toEqual(cancelNow.map((line) => `${POLICIES}:${line}`));
    // A text a survey has too keeps the survey's lines and gains the policies'.
    const submit = await linesOf('Cancel subscription', ['submit']);
    expect(submit.length).toBeGreaterThan(0);
    expect(originsOf('Cancel subscription')).toEqual(expect.arrayContaining(submit.map((line) => `${POLICIES}:${line}`)));
    expect(originsOf('Cancel subscription').some((origin) => origin.startsWith('survey/cancellation.yaml:'))).toBe(true);
  });

  describe('missing from a catalog', () => {
    let root: string;
    const policies = [
      'default: leave',
      'countries: {}',
      'policies:',
      '  - id: leave',
      '    version: 1',
      '    title: Leave at once',
      '    survey: required',
      '    cancelNow:',
      '      label: Cancel subscription',
      '      heading: We’re sorry to see you go',
      '      submit: Leave now',
      '    effect: email-link',
      '    offers: allowed',
      '',
    ].join('\n');

    beforeAll(async () => {
      // The translations fixture: a survey folder with all 14 catalogs beside it, which translate the
      // label and the heading but not the button.
      root = join(scratch, 'project');
      await cp('tests/fixtures/translations', root, { recursive: true });
      await writeFile(join(root, 'survey', 'policies.yaml'), policies);
      await cp('survey/provider.yaml', join(root, 'survey', 'provider.yaml'));
      await cp('tests/fixtures/invalid/policy-too-many-screens/toolkits.yaml', join(root, 'survey', 'toolkits.yaml'));
    });

    const inPolicies = <P extends { file: string }>(problems: readonly P[]): P[] => problems.filter((problem) => problem.file.endsWith('policies.yaml'));

    it('are refused by the checker at their line and column', async () => {
      const problems = inPolicies(await checkSurveyProject([join(root, 'survey', 'policies.yaml')]));
      expect(problems.map((problem) => [problem.code, problem.line, problem.col])).toEqual([['missing-translation', 11, 15]]);
      expect(problems[0]?.message).toBe("'Leave now' has no translation in any language: run npm run i18n:extract, then translate it in locales/<language>/messages.po");
    });

    it('stop the compiler, but for extraction (--allow-missing-translations), which hands them back as warnings', async () => {
      const strict = await compileProject(root).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(strict).toBeInstanceOf(SurveyProblemsError);
      const refused = strict instanceof SurveyProblemsError ? inPolicies(strict.problems) : [];
      expect(refused.map((problem) => [problem.code, problem.line])).toEqual([['missing-translation', 11]]);
      const { bundle: compiled, warnings } = await compileProject(root, { allowMissingTranslations: true });
      expect(inPolicies(warnings).map((problem) => [problem.code, problem.line])).toEqual([['missing-translation', 11]]);
      expect(compiled.policies.policies.leave?.cancelNow?.submit).toBe('Leave now');
    });
  });
});

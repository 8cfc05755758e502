// The authoring schemas' refusals in plain words, at the place to edit: no validator jargon
// ("boolean schema is false", "must NOT have duplicate items", "fewer than 1 properties").
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkSurveyProject } from '../../../scripts/survey';

const dir = mkdtempSync(join(tmpdir(), 'schema-messages-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The shipped survey folder with one file edited, checked: the problems of that file, [code, message]. */
async function problemsAfter(file: string, edit: (text: string) => string) {
  const folder = mkdtempSync(join(dir, 'survey-'));
  cpSync('survey', folder, { recursive: true });
  writeFileSync(join(folder, file), edit(readFileSync(join(folder, file), 'utf8')));
  const problems = await checkSurveyProject([folder]);
  return problems.filter((p) => p.file.endsWith(file) && p.code !== 'missing-translation').map((p) => [p.code, p.message]);
}

describe('schema refusals in plain words', () => {
  it('a key that only goes with another value names it', async () => {
    const problems = await problemsAfter('policies.yaml', (text) => text.replace(/(\n {4}effect: email-link\n)/, '$1    undoDays: 14\n'));
    expect(problems).toEqual([['unknown-key', "'undoDays' only goes with effect: immediate: remove it"]]);
  });

  it('a key a kind of block needs names the kind', async () => {
    const problems = await problemsAfter('cancellation.yaml', (text) => text.replace(/\n {4}discount:\n {6}percent: 30\n {6}months: 3\n/, '\n'));
    expect(problems).toEqual([['missing-key', "a block with kind: discount needs 'discount'"]]);
  });

  it('a value listed twice, and a block left empty', async () => {
    expect(await problemsAfter('cancellation.yaml', (text) => text.replace('BUSINESS: [guru, pro]', 'BUSINESS: [guru, guru]'))).toEqual([
      ['invalid-value', "'BUSINESS' lists 'guru' twice: list each once"],
    ]);
    const empty = await problemsAfter('cancellation.yaml', (text) => text.replace(/\n {4}plans:\n( {6}\S.*\n)+/, '\n    plans: {}\n'));
    expect(empty).toContainEqual(['invalid-value', "'plans' needs at least 1 key, not an empty block"]);
  });

  it('a required key misspelt is one problem, at the misspelt key', async () => {
    expect(await problemsAfter('cancellation.yaml', (text) => text.replace('    question: What services will they be?', '    qestion: What services will they be?'))).toEqual([
      ['unknown-key', "'qestion' is not a key of a text step (did you mean 'question'?)"],
    ]);
    expect(await problemsAfter('cancellation.yaml', (text) => text.replace('        text: Not sure yet\n', '        Text: Not sure yet\n'))).toEqual([
      ['unknown-key', "'Text' is not a key of an answer (did you mean 'text'?)"],
    ]);
    expect(await problemsAfter('provider.yaml', (text) => text.replace('  siteAudit: /site-audit/', '  siteaudit: /site-audit/'))).toEqual([
      ['unknown-key', "'siteaudit' is not a key of a links block (did you mean 'siteAudit'?)"],
    ]);
    // A step's `type` decides its other keys, so no other refusal names the misspelt key: it is told at its line.
    const problems = await problemsAfter('cancellation.yaml', (text) => text.replace('    type: text\n', '    Type: text\n'));
    expect(problems).toEqual([['unknown-key', "'Type' is not a key of a step (did you mean 'type'?)"]]);
  });

  it('a number or true/false where text goes says to quote it, as written', async () => {
    expect(await problemsAfter('cancellation.yaml', (text) => text.replace('        text: Not sure yet\n', '        text: 0x1F\n'))).toEqual([
      ['wrong-type', "'text' must be text, not 0x1F: YAML reads it as a number; to show it as text, put it in quotes, as in text: '0x1F'"],
    ]);
    expect(await problemsAfter('toolkits.yaml', (text) => text.replace('    name: SEO Toolkit', '    name: true'))).toEqual([
      ['wrong-type', "'name' must be text, not true: YAML reads it as true or false; to show it as text, put it in quotes, as in name: 'true'"],
    ]);
  });

  it('a number in quotes, or with %, says to write the number alone', async () => {
    expect(await problemsAfter('experiments.yaml', (text) => text.replace('        weight: 25', "        weight: '25'"))).toEqual([
      ['wrong-type', "'weight' must be a whole number, not '25': write the number alone, without quotes, as in weight: 25"],
    ]);
    expect(await problemsAfter('experiments.yaml', (text) => text.replace('{ percent: 40 }', '{ percent: 40% }'))).toEqual([
      ['wrong-type', "'percent' must be a whole number, not '40%': write the number alone, without the %, as in percent: 40"],
    ]);
    expect(await problemsAfter('cancellation.yaml', (text) => text.replace('  comment: 1500', "  comment: '1500'"))).toEqual([
      ['bad-limit', "limit 'comment' must be a positive whole number, not '1500': write the number alone, without quotes, as in comment: 1500"],
    ]);
  });

  it('a country code in small letters says what a code looks like', async () => {
    expect(await problemsAfter('policies.yaml', (text) => text.replace('\n  DE: de-312k', '\n  de: de-312k'))).toEqual([
      ['invalid-value', "'de' cannot be a name here: use a country code in capitals (ISO 3166-1 alpha-2), e.g. DE, or a subdivision, e.g. US-MN"],
    ]);
  });
});

describe('a value of the wrong form', () => {
  /** The JSON pointers of the schemas with a `pattern`, and the description the checker quotes after "use". */
  function patterns(node: unknown, pointer: string): [string, unknown][] {
    if (typeof node !== 'object' || node === null) return [];
    const own: [string, unknown][] = 'pattern' in node ? [[pointer, (node as { description?: unknown }).description]] : [];
    return [...own, ...Object.entries(node).flatMap(([key, value]) => patterns(value, `${pointer}/${key}`))];
  }

  it('is told with a hint that reads after "use": lower-case, no full stop', () => {
    const hints = ['survey', 'toolkits', 'provider', 'policies', 'experiments'].flatMap((kind) =>
      patterns(JSON.parse(readFileSync(`schemas/${kind}.schema.json`, 'utf8')), kind),
    );
    expect(hints.length).toBeGreaterThan(15);
    expect(hints.filter(([, hint]) => typeof hint !== 'string' || !/^[a-z]/.test(hint) || hint.endsWith('.'))).toEqual([]);
  });

  it('a blank name says it cannot be blank', async () => {
    expect(await problemsAfter('toolkits.yaml', (text) => text.replace('    name: SEO Toolkit', "    name: ' '"))).toEqual([
      ['invalid-value', "'name' cannot be ' ': use the name shown to customers, e.g. SEO Toolkit; it cannot be blank"],
    ]);
  });

  it('a name of the wrong form that names nothing is one problem, with the name meant', async () => {
    expect(await problemsAfter('cancellation.yaml', (text) => text.replace('        text: Not sure yet\n        next: final', '        text: Not sure yet\n        next: Final'))).toEqual([
      ['unknown-step', "'Final' is not a step (did you mean 'final'?)"],
    ]);
    expect(await problemsAfter('cancellation.yaml', (text) => text.replace('      limit: otherServices', '      limit: other_services'))).toEqual([
      ['unknown-limit', "'other_services' is not one of the limits (did you mean 'otherServices'?)"],
    ]);
    expect(await problemsAfter('cancellation.yaml', (text) => text.replace('      GURU: [pro]', '      GURU: [Pro]'))).toEqual([
      ['unknown-plan', "'Pro' is not one of the planNames (did you mean 'pro'?)"],
    ]);
    expect(await problemsAfter('toolkits.yaml', (text) => text.replace('    survey: growth-kit', '    survey: Growth-kit'))).toEqual([
      ['unknown-survey', "'Growth-kit' is not a survey (did you mean 'growth-kit'?)"],
    ]);
    expect(await problemsAfter('policies.yaml', (text) => text.replace('  US-MN: us-mn', '  US-MN: US-mn'))).toEqual([
      ['unknown-policy', "'US-mn' is not a policy of this file (did you mean 'us-mn'?)"],
    ]);
  });
});

describe("policies.yaml's countries", () => {
  it('refuses a code no customer has, at the code, naming the code meant', async () => {
    expect(await problemsAfter('policies.yaml', (text) => text.replace('\n  GB: uk-dmcc-draft', '\n  UK: uk-dmcc-draft'))).toEqual([
      ['invalid-value', "'UK' is not an ISO 3166-1 country code, so this line applies to no customer: write GB for United Kingdom"],
    ]);
    expect(await problemsAfter('policies.yaml', (text) => text.replace('\n  GR: eu-withdrawal', '\n  EL: eu-withdrawal'))).toEqual([
      ['invalid-value', "'EL' is not an ISO 3166-1 country code, so this line applies to no customer: write GR for Greece"],
    ]);
    expect(await problemsAfter('policies.yaml', (text) => text.replace('\n  US-MN: us-mn', '\n  XU-MN: us-mn'))).toEqual([
      ['invalid-value', "'XU' of 'XU-MN' is not an ISO 3166-1 country code, so this line applies to no customer"],
    ]);
  });

  it('takes every ISO 3166-1 code, Kosovo and a subdivision', async () => {
    expect(await problemsAfter('policies.yaml', (text) => text.replace('\n  GB: uk-dmcc-draft', '\n  GB: uk-dmcc-draft\n  XK: eu-withdrawal\n  AX: eu-withdrawal\n  CA-QC: us-ca'))).toEqual([]);
  });
});

// Gaps an audit of the checker found: each is a survey or toolkits file that passed, but that the server
// refuses or misroutes at run time, or a problem printed at the wrong place.
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSurveyProject } from '../../../scripts/survey';
import type { Problem } from '../../../scripts/survey';
import { checkGraph } from '../../../scripts/survey/graph-check';
import { parseYaml } from '../../../scripts/survey/load-yaml';
import { readSurvey } from '../../../scripts/survey/read-survey';
import { readToolkits } from '../../../scripts/survey/read-toolkits';
import { checkReferences } from '../../../scripts/survey/reference-check';
import { checkToolkits } from '../../../scripts/survey/toolkits-check';
import { editedCopy } from './edited-copy';

const TINY = readFileSync('tests/fixtures/valid/tiny.yaml', 'utf8');
const FEEDBACK = readFileSync('survey/examples/feedback.yaml', 'utf8');

/** `text` with each [from, to] replaced; a replacement that does not apply fails the test. */
function edited(text: string, ...edits: [string, string][]): string {
  return edits.reduce((result, [from, to]) => {
    expect(result).toContain(from);
    return result.replace(from, to);
  }, text);
}

type Found = [string, number, number, string];
const found = (problems: readonly Problem[]): Found[] => problems.map((p) => [p.code, p.line, p.col, p.message]);

/** The reference and graph problems of a survey text that parses. */
function surveyProblems(text: string): Found[] {
  const yaml = parseYaml(text, 'tiny.yaml');
  expect(yaml.problems).toEqual([]);
  const def = readSurvey(yaml.data);
  return found([...checkReferences(def, yaml), ...checkGraph(def, yaml)]);
}

/** The problems of a toolkits.yaml text. */
function toolkitProblems(text: string, providerSegment?: string): Found[] {
  const yaml = parseYaml(text, 'toolkits.yaml');
  expect(yaml.problems).toEqual([]);
  return found(checkToolkits(readToolkits(yaml.data), yaml, undefined, providerSegment));
}

let scratch: string;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'check-gaps-'));
});

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

describe('a closing form without a field the payload needs', () => {
  const NAME = '      - id: name\n        type: name\n        label: Name\n        limit: name\n';

  it('is refused at its fields when it has no name field, naming both audiences', () => {
    expect(surveyProblems(edited(TINY, [NAME, '']))).toEqual([
      [
        'missing-field',
        68,
        5,
        "the closing form 'final' has no name field for trial and paid users: the payload's name would be empty, " +
          'and the server refuses every submission; add a field of type: name',
      ],
    ]);
  });

  it('is refused for the audience that does not see its name field', () => {
    const problems = surveyProblems(edited(TINY, [NAME, `${NAME}        audience: paid\n`]));
    expect(problems.map(([code, line, col, message]) => [code, line, col, message.split(':')[0]])).toEqual([
      ['missing-field', 68, 5, "the closing form 'final' has no name field for trial users"],
    ]);
  });

  it('is refused without its agreement, which would record a consent never asked', () => {
    const problems = surveyProblems(edited(TINY, ['      - id: agreement\n        type: agreement\n', '      - id: agreement\n        type: agreement\n        audience: trial\n']));
    expect(problems).toEqual([
      [
        'missing-field',
        68,
        5,
        "the closing form 'final' has no agreement field for paid users: accepted_terms would record a consent " +
          'that was never asked; add a field of type: agreement',
      ],
    ]);
  });

  it('is refused in a copy of the shipped survey whose final form lost its name field', async () => {
    const folder = await editedCopy(scratch, 'survey', 'no-name', {
      'cancellation.yaml': (text) => edited(text, [NAME, '']),
    });
    const problems = await checkSurveyProject([folder]);
    expect(problems.map((p) => [p.file.endsWith('cancellation.yaml'), p.code, p.line, p.col])).toEqual([[true, 'missing-field', 244, 5]]);
  });
});

describe('the min of a multi step', () => {
  it('is refused where one audience sees fewer answers than it, at the min', () => {
    const text = edited(
      FEEDBACK,
      ['    min: 1\n    max: 3\n', '    min: 4\n    max: 5\n'],
      ['        text: Better reports\n', '        text: Better reports\n        audience: paid\n'],
      ['        text: More integrations\n', '        text: More integrations\n        audience: paid\n'],
    );
    expect(surveyProblems(text)).toEqual([['invalid-value', 22, 10, 'min (4) is more than the 3 answers trial users see on this step']]);
  });

  it('still counts every answer, and Other, for an audience that sees them all', () => {
    expect(surveyProblems(edited(FEEDBACK, ['    min: 1\n    max: 3\n', '    min: 5\n    max: 5\n']))).toEqual([]);
  });
});

describe('toolkits.yaml', () => {
  const page = (route: string, toolkit: string, more = ''): string =>
    `  - route: ${route}\n    toolkit: ${toolkit}\n    name: A page\n    survey: tiny\n    access: any-active\n${more}`;

  it('refuses a toolkit id on two pages, at the second, naming the first line', () => {
    expect(toolkitProblems(`toolkits:\n${page('seo', 'seo')}${page('seo-again', 'seo', '    api: seo-again\n')}`)).toEqual([
      ['duplicate-toolkit', 8, 14, "'seo' is already the toolkit of the page on line 3"],
    ]);
  });

  it('refuses one API segment for two pages, written or taken from the toolkit id', () => {
    const text = `toolkits:\n${page('seo', 'seo')}${page('local', 'local', '    api: seo\n')}`;
    expect(toolkitProblems(text)).toEqual([['duplicate-api-segment', 12, 10, "'seo' is already the API segment of the page on line 3"]]);
  });

  it("resolves 'api: provider' with the provider's segment", () => {
    const text = `toolkits:\n${page('all', 'all-at-once', '    api: provider\n')}${page('sst', 'sst', '    api: marketlane\n')}`;
    expect(toolkitProblems(text, 'marketlane')).toEqual([
      ['duplicate-api-segment', 13, 10, "'marketlane' is already the API segment of the page on line 7"],
    ]);
    expect(toolkitProblems(text)).toEqual([]);
  });

  it('refuses one confirm route for two pages, but not two pages without email', () => {
    const text = `toolkits:\n${page('plan', 'sst', '    confirm: all\n')}${page('all', 'all-at-once')}${page('a', 'ai', '    confirm: none\n')}${page('b', 'seo', '    confirm: none\n')}`;
    expect(toolkitProblems(text)).toEqual([['duplicate-route', 8, 12, "'all' is already the confirm route of the page on line 7"]]);
  });

  it('reports a repeated toolkit once, not again as the segment it implies', () => {
    expect(toolkitProblems(`toolkits:\n${page('seo', 'seo')}${page('seo-2', 'seo')}`).map(([code]) => code)).toEqual(['duplicate-toolkit']);
  });

  it('checks the shipped pages against the shipped provider', async () => {
    const folder = await editedCopy(scratch, 'survey', 'provider-segment', {
      'toolkits.yaml': (text) => edited(text, ['    api: sst\n', '    api: marketlane\n']),
    });
    const problems = await checkSurveyProject([folder]);
    expect(problems.map((p) => [p.code, p.line, p.message])).toEqual([
      ['duplicate-api-segment', 61, "'marketlane' is already the API segment of the page on line 13"],
    ]);
  });
});

describe('a step repeated through an alias', () => {
  it('is reported at the alias, naming the line of the original', () => {
    const text = edited(TINY, ['  - id: competitors\n', '  - &competitors\n    id: competitors\n']) + '  - *competitors\n';
    expect(surveyProblems(text)).toEqual([['duplicate-step', 85, 5, "'competitors' is already the id of the step on line 41"]]);
  });
});

describe('a step whose type names no kind of step', () => {
  it('is reported once, at its type: the steps leading to it are not also reported as leading nowhere', async () => {
    const folder = await editedCopy(scratch, 'survey', 'type-typo', {
      'cancellation.yaml': (text) => edited(text, ['    type: form\n', '    type: from\n']),
    });
    const problems = await checkSurveyProject([folder]);
    expect(problems.map((p) => [p.code, p.line])).not.toContainEqual(['unknown-step', expect.any(Number)]);
    expect(problems.filter((p) => p.line === 239).map((p) => [p.line, p.col])).toEqual([[239, 11]]);
  });
});

// One entry per payload slot: a path that writes a slot twice loses an answer, so the checker refuses it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseYaml } from '../../../scripts/survey/load-yaml';
import { readSurvey } from '../../../scripts/survey/read-survey';
import { checkSlots } from '../../../scripts/survey/slot-check';

const TINY = readFileSync('tests/fixtures/valid/tiny.yaml', 'utf8');

/** The tiny survey with one text replaced (the replacement must apply). */
function tinyWith(from: string, to: string): string {
  expect(TINY).toContain(from);
  return TINY.replace(from, to);
}

function slotProblems(text: string): [number, number, string][] {
  const yaml = parseYaml(text, 'tiny.yaml');
  expect(yaml.problems).toEqual([]);
  return checkSlots(readSurvey(yaml.data), yaml).map((p) => [p.line, p.col, p.message]);
}

describe('the slot check', () => {
  it('lets a text step add its comment to the choice of the same slot before it (step 3.5)', () => {
    expect(slotProblems(TINY)).toEqual([]);
  });

  it('refuses a second question in a slot already answered on the way, at its slot', () => {
    const text = tinyWith('    slot: third_question\n    question: Are you going', '    slot: first_question\n    question: Are you going');
    expect(slotProblems(text)).toEqual([
      [
        43,
        11,
        "step 'competitors' writes first_question, which step 'reason' already wrote on the way here (reason → competitors); " +
          'one of the two answers would be lost: give it another slot',
      ],
    ]);
  });

  it('refuses a text step after a text step of the same slot', () => {
    const more = [
      '      limit: otherServices',
      '    next: more-services',
      '',
      '  - id: more-services',
      '    type: text',
      '    slot: third_question',
      '    question: Which else?',
      '    input:',
      '      label: More services',
      '      limit: otherServices',
      '    next: final',
    ].join('\n');
    const text = tinyWith('      limit: otherServices\n    next: final', more);
    expect(slotProblems(text).map(([, , message]) => message)).toEqual([
      "step 'more-services' writes third_question, which step 'competitors' already wrote on the way here " +
        '(reason → competitors → other-services → more-services); one of the two answers would be lost: give it another slot',
    ]);
  });

  it('refuses two comments of one form in one slot', () => {
    const text = tinyWith(
      '        label: Have anything else to add?\n',
      '        label: Have anything else to add?\n      - id: more\n        type: comment\n        label: And more?\n',
    );
    expect(slotProblems(text).map(([, , message]) => message)).toEqual([
      "the comment 'more' of step 'final' writes fourth_question, which another comment of this step writes too; one of the two answers would be lost: give it another slot",
    ]);
  });

  it('reports a mistake once, though both audiences take the path', () => {
    const text = tinyWith('        label: Have anything else to add?\n', '        label: Have anything else to add?\n        slot: first_question\n');
    const problems = slotProblems(text);
    expect(problems).toHaveLength(1);
    expect(problems[0]?.[2]).toMatch(/^the comment 'comment' of step 'final' writes first_question, which step 'reason' already wrote/);
  });
});

import { describe, expect, it } from 'vitest';
import { parseYaml } from '../../../scripts/survey/load-yaml';
import { checkTextComments } from '../../../scripts/survey/text-comment-check';

const problemsOf = (source: string) => checkTextComments(parseYaml(source, 'survey.yaml')).map((p) => [p.code, p.line, p.col, p.message]);

describe('a text cut short by a comment', () => {
  it('is reported at the #, with the whole text quoted as the fix', () => {
    expect(problemsOf('steps:\n  - id: a\n    text: Upgrade to plan #2 today\n')).toEqual([
      [
        'comment-in-text',
        3,
        27,
        `YAML reads ' #' as the start of a comment, so this text ends at 'Upgrade to plan': if the # belongs to the text, put the whole text in quotes, as in "Upgrade to plan #2 today"; if it is a comment, put it on a line of its own`,
      ],
    ]);
  });

  it('is reported on the line a text written over several lines ends on', () => {
    expect(problemsOf('heading: Tell us\n  what you miss # most\n').map(([code, line, col]) => [code, line, col])).toEqual([['comment-in-text', 2, 17]]);
  });

  it('is no problem for a quoted text, a # inside a word, a comment on its own line, or a value that is no text', () => {
    expect(
      problemsOf(
        [
          'steps:',
          '  - id: a # the first step',
          '    text: "Upgrade to plan #2" # quoted',
          "    label: 'Plan #3'",
          '    body: Use C# or F#',
          '    # a comment on its own line',
          '    placeholder: Anything else?',
          '    next: b # then b',
          '',
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it('is reported where an anchored text is written, not at its aliases', () => {
    const problems = problemsOf('a:\n  text: &t Plan #2\nb:\n  text: *t\n');
    expect(problems.map(([code, line]) => [code, line])).toEqual([['comment-in-text', 2]]);
  });
});

// A valid survey (a tiny one, or a file named), edited by a test and checked on its own.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { checkSurveyProject, type Problem } from '../../../scripts/survey';

/** The tiny survey: the bad-limit fixture with its limit set right. */
const tinySurvey = () => readFileSync('tests/fixtures/invalid/bad-limit.yaml', 'utf8').replace('otherServices: 0', 'otherServices: 250');

/** Checks a survey (the tiny one, unless `file` names another) with `edit` applied; the temporary files go when the test file ends. */
export function editedSurveyChecker(file?: string): (edit: (yaml: string) => string) => Promise<Problem[]> {
  const dir = mkdtempSync(join(tmpdir(), 'edited-survey-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  let count = 0;
  return async (edit) => {
    const written = join(dir, `survey-${(count += 1)}.yaml`);
    writeFileSync(written, edit(file === undefined ? tinySurvey() : readFileSync(file, 'utf8')));
    return checkSurveyProject([written]);
  };
}

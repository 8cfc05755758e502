// A valid tiny survey (the bad-limit fixture with its limit set right), edited by a test and checked on its own.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { checkSurveyProject, type Problem } from '../../../scripts/survey';

/** Checks the tiny survey with `edit` applied; the temporary files go when the test file ends. */
export function editedSurveyChecker(): (edit: (yaml: string) => string) => Promise<Problem[]> {
  const dir = mkdtempSync(join(tmpdir(), 'edited-survey-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  let count = 0;
  return async (edit) => {
    const file = join(dir, `survey-${(count += 1)}.yaml`);
    writeFileSync(file, edit(readFileSync('tests/fixtures/invalid/bad-limit.yaml', 'utf8').replace('otherServices: 0', 'otherServices: 250')));
    return checkSurveyProject([file]);
  };
}

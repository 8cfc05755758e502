// The export (scripts/responses) and /dev/insights (src/server/store) each derive a submission's path;
// neither may import the other, so this test keeps them identical.
import { describe, expect, it } from 'vitest';
import { NO_CHOICE as exportNoChoice, submissionPath as exportPath } from '../../../scripts/responses/submission-path';
import { NO_CHOICE as insightsNoChoice, submissionPath as insightsPath } from '../../../src/server/store/insights';
import { testBundle } from '../../server/helpers/bundle';
import { sampleSubmissions } from './seed-submissions';

describe('the path of a submission', () => {
  const submissions = sampleSubmissions(testBundle());

  it('is the same in the export and in the insights, for every sample', () => {
    expect(exportNoChoice).toBe(insightsNoChoice);
    for (const { payload } of submissions) expect(exportPath(payload)).toBe(insightsPath(payload));
  });

  it('lists the English answers of steps 1 to 4, then the offers declined', () => {
    const declined = submissions.find((s) => (s.payload.retention ?? []).length > 0);
    expect(declined).toBeDefined();
    const path = exportPath(declined!.payload);
    expect(path.split(' › ')[0]).toBe(declined!.payload.survey.first_question?.answers[0]);
    expect(path).toMatch(/ › declined the (discount|downgrade) offer$/);
    const growthKit = submissions.find((s) => s.toolkit === 'growth-kit');
    expect(exportPath(growthKit!.payload)).toBe(exportNoChoice);
  });
});

// Submissions as the app would post them, built by the engine along real paths of the compiled survey,
// and a database seeded with them (through the server's own migrations and insert).
import { buildPayload, currentStep, enumeratePaths, kindOf, startSurvey, transition, type PathMove, type SampleFill, type StepData } from '../../../src/engine';
import { isStepOfType, type Audience, type CompiledBundle, type CompiledStep, type CompiledSurvey, type SurveyPayload } from '../../../src/model';
import type { SqlDatabase } from '../../../src/server/store/sql/database';
import { openSqlite } from '../../../src/server/store/sql/sqlite';
import { submissionTable } from '../../../src/server/store/submissions';

/** One submission to store: who, which toolkit, when (epoch ms), and the payload. */
export interface SeedSubmission {
  userId: string;
  toolkit: string;
  createdAt: number;
  payload: SurveyPayload;
}

/** A comment that needs every kind of CSV care: a formula start, quotes, a comma and a line break. */
export const TRICKY_COMMENT = '=HYPERLINK("x"), then "quotes",\nand a second line';

function dataFor(step: CompiledStep, move: PathMove, name: string, comment: string): StepData {
  const fill: SampleFill = { box: (_input, answer) => (answer === undefined ? 'Rival Suite, Other Tool' : comment), name, comment: () => comment };
  return kindOf(step).sampleData(step, move, fill);
}

/** The payload of a customer who took `path` (it must end on the closing form). */
export function payloadAlong(
  survey: CompiledSurvey,
  audience: Audience,
  path: readonly PathMove[],
  options: { toolkit: string; name: string; email: string; comment: string; offers?: string[] },
): SurveyPayload {
  let state = startSurvey(survey, audience, () => 0.5);
  if (options.offers?.length) state = transition(survey, state, { type: 'offers', available: options.offers });
  for (const move of path) {
    state = transition(survey, state, { type: 'continue', data: dataFor(currentStep(survey, state), move, options.name, options.comment) });
  }
  return buildPayload(survey, state, {
    // BUSINESS, the product group the downgrade offers smaller plans to, as the paid customers who saw it.
    user: { email: options.email, product_group: 'BUSINESS' },
    timestamp: '2025-05-01T09:00:00.000Z',
    toolkit: options.toolkit,
    translate: (english) => `[de] ${english}`,
  });
}

const DAY = 24 * 60 * 60 * 1000;
/** The first day of the seeded submissions, 2025-05-01 at 10:00 UTC. */
export const FIRST_DAY = Date.parse('2025-05-01T10:00:00Z');

/**
 * A fixed set of submissions: every cancellation path for trial and paid customers (paid ones also with
 * the offers declined), then a growth-kit request; a few paths more than once. One a day from 1 May 2025.
 */
export function sampleSubmissions(bundle: CompiledBundle): SeedSubmission[] {
  const survey = bundle.surveys.cancellation;
  if (!survey) throw new Error('the bundle has no cancellation survey');
  const offers = ['discount-offer', 'downgrade-offer'].filter((id) => isStepOfType(survey.audiences.paid.steps[id], 'offer'));
  const walks: { audience: Audience; path: PathMove[]; offers: string[] }[] = [
    ...enumeratePaths(survey, 'trial').map((path) => ({ audience: 'trial' as const, path, offers: [] })),
    ...enumeratePaths(survey, 'paid').map((path) => ({ audience: 'paid' as const, path, offers: [] })),
    ...enumeratePaths(survey, 'paid', offers)
      .filter((path) => path.some((move) => move.answer === 'declined'))
      .map((path) => ({ audience: 'paid' as const, path, offers })),
  ].filter(({ path }) => path[path.length - 1]?.answer !== 'accepted');
  // The first paths again, so the counts are not all 1.
  const repeated = [...walks, ...walks.slice(0, 6), ...walks.slice(0, 2)];
  // The first paid customer's comments (on the closing form) need CSV quoting.
  const tricky = repeated.findIndex((walk) => walk.audience === 'paid');
  const submissions = repeated.map(({ audience, path, offers: shown }, index): SeedSubmission => {
    const name = `Customer ${index + 1}`;
    const email = `customer${index + 1}@example.com`;
    const toolkit = index % 3 === 0 ? 'seo' : 'all-at-once';
    const comment = index === tricky ? TRICKY_COMMENT : `Comment of customer ${index + 1}`;
    return {
      userId: String(2000 + index),
      toolkit,
      createdAt: FIRST_DAY + index * DAY,
      payload: payloadAlong(survey, audience, path, { toolkit, name, email, comment, offers: shown }),
    };
  });
  const growthKit = bundle.surveys['growth-kit'];
  if (growthKit) {
    const [path] = enumeratePaths(growthKit, 'paid');
    if (path) {
      const index = submissions.length;
      const payload = payloadAlong(growthKit, 'paid', path, { toolkit: 'growth-kit', name: 'Grace Growth', email: 'grace@example.com', comment: 'We move to another agency.' });
      submissions.push({ userId: String(2000 + index), toolkit: 'growth-kit', createdAt: FIRST_DAY + index * DAY, payload });
    }
  }
  return submissions;
}

/**
 * Stores `submissions` as the server does, in a database connection given (SQLite or PostgreSQL),
 * or in the SQLite file named, which is created (or opened) with the server's schema.
 */
export async function seedDatabase(target: string | SqlDatabase, submissions: readonly SeedSubmission[]): Promise<void> {
  const db = typeof target === 'string' ? openSqlite(target) : target;
  try {
    const table = submissionTable(db);
    for (const s of submissions) await table.insert(s.userId, s.payload, s.createdAt);
  } finally {
    if (typeof target === 'string') await db.close();
  }
}

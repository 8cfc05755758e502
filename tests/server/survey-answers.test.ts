// The server's check of a payload against the compiled survey must let through every payload the
// app can build: the engine's payload along every path of every survey, for both audiences, with
// every text box filled to its limit. The browser tests post exactly these payloads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableOffers, buildPayload, currentStep, enumeratePaths, kindOf, startSurvey, transition, type PathMove, type SampleFill, type StepData, type StepValidation } from '../../src/engine';
import { AUDIENCES, type Audience, type CompiledStep, type CompiledSurvey, type RetentionRecord, type SurveyPayload, type TextInput } from '../../src/model';
import { PERSONAS } from '../../src/server/personas';
import { validatorsBeside } from '../../src/server/step-validators';
import { surveyAnswerProblem } from '../../src/server/survey-answers';
import { canCancel } from '../../src/server/toolkits';
import { BUNDLE_FILE, testBundle } from './helpers/bundle';
import { startHarness, type Harness } from './helpers/harness';

/** Longer than any limit the YAML sets, for the boxes without one (the fourth question's comment). */
const UNLIMITED = 2000;

/** A box filled to its limit: a comment at the limit must be stored, so the check may not be stricter. */
const filledTo = (input: { maxLength?: number } | TextInput | undefined, letter: string): string =>
  letter.repeat(input?.maxLength ?? UNLIMITED);

function dataFor(step: CompiledStep, move: PathMove): StepData {
  const fill: SampleFill = { box: (input, answer) => filledTo(input, answer === undefined ? 't' : 'c'), name: 'Path Walker', comment: (box) => filledTo(box, 'f') };
  return kindOf(step).sampleData(step, move, fill);
}

interface Walked {
  name: string;
  survey: CompiledSurvey;
  audience: Audience;
  payload: SurveyPayload;
}

const personaFor = (audience: Audience) => {
  const persona = PERSONAS.find((p) => p.id === (audience === 'trial' ? 'trial' : 'paid-annual'));
  if (persona === undefined) throw new Error(`no persona for ${audience}`);
  return persona;
};

/** Every complete path (an accepted offer submits no survey), with the offers shown and without. */
function walkedPayloads(): Walked[] {
  const walked: Walked[] = [];
  for (const survey of Object.values(testBundle().surveys)) {
    const binding = testBundle().toolkits.find((b) => b.survey === survey.id);
    if (binding === undefined) throw new Error(`no toolkit page shows the ${survey.id} survey`);
    for (const audience of AUDIENCES) {
      // The offers the app would show this persona on a page that has them, were the server to find it eligible.
      const offers = availableOffers(survey, audience, { eligible: true, toolkit: 'seo', productGroup: personaFor(audience).user.product_group });
      for (const shown of [[], offers]) {
        for (const path of enumeratePaths(survey, audience, shown)) {
          let state = startSurvey(survey, audience, () => 0.5);
          state = transition(survey, state, { type: 'offers', available: shown });
          for (const move of path) state = transition(survey, state, { type: 'continue', data: dataFor(currentStep(survey, state), move) });
          if (state.status !== 'complete') continue;
          const payload = buildPayload(survey, state, {
            user: { email: personaFor(audience).user.email, product_group: personaFor(audience).user.product_group },
            timestamp: '2025-05-01T09:00:00.000Z',
            toolkit: binding.toolkit,
            translate: (english) => `[de] ${english}`,
          });
          const name = `${survey.id} ${audience}${shown.length > 0 ? ' with offers' : ''}: ${path.map((m) => m.answer ?? m.step).join(' > ')}`;
          walked.push({ name, survey, audience, payload });
        }
      }
    }
  }
  return walked;
}

const WALKED = walkedPayloads();

/** The page's own validators, loaded once: the server's check runs them on every step of the path. */
const validate: StepValidation = validatorsBeside(BUNDLE_FILE);

/** The check as the server runs it for the customer of `audience`. */
const problemOf = (survey: CompiledSurvey, audience: Audience, payload: SurveyPayload): string | undefined =>
  surveyAnswerProblem(survey, audience, payload, { productGroup: personaFor(audience).user.product_group, validate });

describe('every payload the engine builds fits the compiled survey', () => {
  it('walks both surveys, both audiences, the offer paths and the paths through every text box', () => {
    const surveys = new Set(WALKED.map((w) => `${w.survey.id} ${w.audience}`));
    expect([...surveys].sort()).toEqual(['cancellation paid', 'cancellation trial', 'growth-kit paid', 'growth-kit trial']);
    expect(WALKED.some((w) => w.payload.retention !== undefined)).toBe(true);
    // The limits were really reached: the Other box (1500), the services (250), the open fourth comment.
    const comments = WALKED.flatMap((w) => Object.values(w.payload.survey).map((e) => e.comment.length));
    expect(comments).toEqual(expect.arrayContaining([1500, 250, UNLIMITED]));
  });

  for (const { name, survey, audience, payload } of WALKED) {
    it(name, () => {
      expect(problemOf(survey, audience, payload)).toBeUndefined();
    });
  }

  it('but one character more in any limited box is refused', () => {
    let refused = 0;
    for (const { survey, audience, payload } of WALKED) {
      for (const [slot, entry] of Object.entries(payload.survey)) {
        if (entry.comment.length === 0 || entry.comment.length === UNLIMITED) continue;
        const longer = { ...payload, survey: { ...payload.survey, [slot]: { ...entry, comment: `${entry.comment}x` } } };
        expect(problemOf(survey, audience, longer)).toBe(`survey.${slot}.comment: must be at most ${entry.comment.length} characters`);
        refused += 1;
      }
    }
    expect(refused).toBeGreaterThan(0);
  });
});

describe('a payload whose entries do not follow one path of the survey is refused', () => {
  const paid = WALKED.filter((w) => w.survey.id === 'cancellation' && w.audience === 'paid' && w.payload.retention === undefined);
  const check = (payload: SurveyPayload): string | undefined => {
    const survey = testBundle().surveys.cancellation;
    if (survey === undefined) throw new Error('no cancellation survey');
    return problemOf(survey, 'paid', payload);
  };
  const withSecond = paid.filter((w) => w.payload.survey.second_question !== undefined);
  const first = withSecond[0]?.payload;
  // A follow-up that belongs to another step-1 answer.
  const foreign = withSecond.find((w) => w.payload.survey.second_question?.question !== first?.survey.second_question?.question)?.payload;

  it('has payloads to tamper with', () => {
    expect(first).toBeDefined();
    expect(foreign).toBeDefined();
  });

  it("another answer's follow-up in the second slot", () => {
    if (!first || !foreign) throw new Error('no payloads');
    const mixed = { ...first, survey: { ...first.survey, second_question: foreign.survey.second_question } };
    expect(check(mixed)).toBe(
      `survey.second_question.question: must be '${first.survey.second_question?.question ?? ''}' (the question of this slot on the path the answers take)`,
    );
  });

  it('a follow-up left out', () => {
    if (!first) throw new Error('no payloads');
    const { second_question: _left, ...rest } = first.survey;
    expect(check({ ...first, survey: rest })).toBe(
      `survey.second_question: is missing; the path the answers take asks '${first.survey.second_question?.question ?? ''}'`,
    );
  });

  it('the competitors question answered on a path that skips it', () => {
    const skipping = paid.find((w) => w.payload.survey.third_question === undefined)?.payload;
    const asking = paid.find((w) => w.payload.survey.third_question !== undefined)?.payload;
    if (!skipping || !asking) throw new Error('no payloads');
    const extra = { ...skipping, survey: { ...skipping.survey, third_question: asking.survey.third_question } };
    expect(check(extra)).toBe('survey.third_question: is not asked on the path the answers take in the cancellation survey');
  });

  it('a declined offer the path never passes, or on a page without offers, or of the wrong kind', () => {
    const offered = WALKED.find((w) => w.survey.id === 'cancellation' && w.audience === 'paid' && w.payload.retention !== undefined)?.payload;
    if (!first || !offered?.retention?.[0]) throw new Error('no payloads');
    const record = offered.retention[0];
    const passing = paid.find(
      (w) => JSON.stringify(w.payload.survey.second_question) === JSON.stringify(offered.survey.second_question),
    )?.payload;
    expect(check({ ...first, retention: [record] })).toBe(`retention[0].offer: '${record.offer}' is not an offer on the path the answers take`);
    expect(check({ ...offered, toolkit: 'advertising' })).toBe(`retention[0].offer: the advertising page does not offer '${record.offer}'`);
    expect(check({ ...offered, retention: [record, record] })).toBe(`retention[1].offer: '${record.offer}' is declined once only`);
    const other: RetentionRecord =
      record.kind === 'discount'
        ? { offer: record.offer, kind: 'downgrade', plans: ['pro'], choice: 'declined' }
        : { offer: record.offer, kind: 'discount', percent: 30, months: 3, choice: 'declined' };
    expect(check({ ...offered, retention: [other] })).toBe(`retention[0].kind: must be '${record.kind}'`);
    // The same answers without the offer shown: the customer was not eligible, which is fine.
    expect(passing).toBeDefined();
    if (passing) expect(check(passing)).toBeUndefined();
  });
});

describe('a name the closing form would have trimmed is refused', () => {
  it('with blanks or a line break around it, on every survey', () => {
    for (const { survey, audience, payload } of WALKED) {
      for (const name of [` ${payload.name}`, `${payload.name}  `, `${payload.name}\n`]) {
        expect(problemOf(survey, audience, { ...payload, name })).toBe('name: must be trimmed (the closing form sends it without blanks around it)');
      }
    }
  });
});

describe('the server stores every one of them', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(async () => {
    await harness.stop();
  });

  it('through POST survey-storage, as the customer of that audience', async () => {
    for (const { name, audience, payload } of WALKED) {
      const binding = testBundle().toolkits.find((b) => b.toolkit === payload.toolkit);
      expect(binding !== undefined && canCancel(personaFor(audience).user, binding), name).toBe(true);
      // A fresh account for each: the server keeps one submission per cancellation.
      const client = await harness.signIn(personaFor(audience).id);
      const response = await client.post('/cancel/api/survey-storage/survey-monitoring/', payload);
      expect(response?.statusCode, `${name}: ${response?.body ?? ''}`).toBe(200);
    }
    expect((await harness.counts()).survey_submissions).toBe(WALKED.length);
  });
});

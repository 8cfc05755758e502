import { describe, expect, it } from 'vitest';
import { buildPayload, enumeratePaths, type PathMove } from '../../../src/engine';
import { AUDIENCES, type Audience } from '../../../src/model';
import { cancellationSurvey } from './compiled';
import { USER, walk } from './walk';

const survey = cancellationSurvey();
const answerOn = (path: PathMove[], step: string) => path.find((m) => m.step === step)?.answer;
const visits = (path: PathMove[], step: string) => path.some((m) => m.step === step);
const STEP_TWO = ['why-not-using', 'what-could-be-better', 'why-not-sure'];
const secondStep = (path: PathMove[]) => path.find((m) => STEP_TWO.includes(m.step));

/** The spec's skip rules, stated independently of the YAML: is the competitors question asked? */
function competitorsExpected(path: PathMove[]): boolean {
  if (answerOn(path, 'reason') === 'another-account') return false;
  const second = secondStep(path);
  if (second?.answer === 'business-struggling') return false;
  if (second?.answer === 'other') return false; // 'Other' keeps the question only on step 1
  return true;
}

describe.each(AUDIENCES)('every %s path', (audience: Audience) => {
  const paths = enumeratePaths(survey, audience);

  it('has the number of paths the answer tree gives', () => {
    // paid: 10 via not-using-now, 9 via not-meeting-needs, 1 another-account, 2 Other
    // trial: 15 via not-using-now, 9 via not-meeting-needs, 7 via not-sure-need, 1 another-account, 2 Other
    expect(paths).toHaveLength(audience === 'paid' ? 22 : 34);
  });

  it.each(paths.map((p) => [p.map((m) => `${m.step}${m.answer ? `=${m.answer}` : ''}`).join(' > '), p] as const))(
    '%s',
    (_name, path) => {
      expect(path[0]?.step).toBe('reason');
      expect(path[path.length - 1]?.step).toBe('final');
      expect(visits(path, 'competitors')).toBe(competitorsExpected(path));
      expect(visits(path, 'other-services')).toBe(answerOn(path, 'competitors') === 'will-use-other');

      const state = walk(survey, audience, path);
      expect(state.status).toBe('complete');
      const payload = buildPayload(survey, state, { user: USER, timestamp: '2026-11-21T10:00:00.000Z', toolkit: 'seo', translate: (s) => s });

      expect(Object.keys(payload.survey).sort()).toEqual(
        [
          'first_question',
          ...(secondStep(path) ? ['second_question'] : []),
          ...(visits(path, 'competitors') ? ['third_question'] : []),
          ...(audience === 'paid' ? ['fourth_question'] : []),
        ].sort(),
      );
      const third = payload.survey.third_question;
      if (third) {
        expect(third.question).toBe('Are you going to use any other service instead?');
        expect(third.comment).toBe(visits(path, 'other-services') ? 'Rival Suite, Other Tool' : '');
      }
      expect(payload.name).toBe('Ann Example');
      expect(payload.email).toBe(USER.email);
      expect(payload.accepted_terms).toBe(true);
    },
  );
});

describe('audience variants', () => {
  const answersOf = (audience: Audience) => new Set(enumeratePaths(survey, audience).flatMap((p) => p.map((m) => `${m.step}=${m.answer ?? ''}`)));
  const paid = answersOf('paid');
  const trial = answersOf('trial');

  it('asks only trial users whether they are unsure they need it', () => {
    expect(trial.has('reason=not-sure-need')).toBe(true);
    expect(paid.has('reason=not-sure-need')).toBe(false);
  });

  it('offers business struggling to paid users only', () => {
    expect(paid.has('why-not-using=business-struggling')).toBe(true);
    expect(trial.has('why-not-using=business-struggling')).toBe(false);
  });

  it.each(['too-early', 'learn-seo', 'just-trying'])('offers %s to trial users only', (answer) => {
    expect(trial.has(`why-not-using=${answer}`)).toBe(true);
    expect(paid.has(`why-not-using=${answer}`)).toBe(false);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import type { Audience, CompiledBundle } from '../../../src/model';
import { compileSurveyDir, diffBundles, formatDiff } from '../../../scripts/survey-tools';
import type { SurveyDiff, TranslationsDiff } from '../../../scripts/survey-tools';

const FIXTURES = 'tests/fixtures/diff';
let before: CompiledBundle;
let after: CompiledBundle;

async function compiled(dir: string): Promise<CompiledBundle> {
  const outcome = await compileSurveyDir(dir);
  if ('problems' in outcome) throw new Error(`${dir} has problems:\n${outcome.problems.join('\n')}`);
  return outcome.bundle;
}

beforeAll(async () => {
  [before, after] = await Promise.all([compiled(`${FIXTURES}/before`), compiled(`${FIXTURES}/after`)]);
});

const BOTH: Audience[] = ['trial', 'paid'];
const path = (...moves: string[]): string => moves.join(' › ');
const VIA_COMPETITORS = [
  ['competitors=will-use-other', 'other-services', 'final'],
  ['competitors=not-sure-yet', 'final'],
];
/** The two paths through the competitors question after the given moves. */
const viaCompetitors = (...moves: string[]): string[] => VIA_COMPETITORS.map((rest) => path(...moves, ...rest));

const EXPECTED: SurveyDiff = {
  surveysAdded: [],
  surveysRemoved: [],
  surveys: [
    {
      survey: 'exit',
      steps: [
        { change: 'removed', step: 'what-missing', type: 'choice', text: 'Which feature did you miss?', audiences: BOTH },
        { change: 'added', step: 'trial-feedback', type: 'choice', text: 'What would have made the trial more useful?', audiences: ['trial'] },
        {
          change: 'reworded',
          step: 'competitors',
          part: 'question',
          before: 'Are you going to use any other service instead?',
          after: 'Will you use another service instead?',
          audiences: BOTH,
        },
      ],
      answers: [
        {
          change: 'reworded',
          step: 'reason',
          answer: 'another-account',
          before: 'I have another account',
          after: 'I have another account or want to change my plan',
          audiences: BOTH,
        },
        { change: 'removed', step: 'why-not-using', answer: 'no-time', text: 'I don’t have time to use it', next: 'competitors', audiences: BOTH },
        { change: 'added', step: 'why-not-using', answer: 'too-early', text: 'It’s too early for me to use it', next: 'competitors', audiences: ['trial'] },
      ],
      next: [
        { step: 'reason', answer: 'missing-features', before: 'what-missing', after: 'competitors', audiences: BOTH },
        { step: 'reason', answer: 'trial-ended', before: 'competitors', after: 'trial-feedback', audiences: ['trial'] },
        { step: 'why-not-using', answer: 'budget', before: 'competitors', after: 'final', audiences: BOTH },
      ],
      order: [],
      details: [],
      fields: [
        {
          change: 'relabelled',
          step: 'final',
          field: 'comment',
          before: 'Have anything else to add?',
          after: 'Anything else you’d like to tell us?',
          audiences: ['paid'],
        },
      ],
      limits: [{ limit: 'comment', before: 1500, after: 2000 }],
      paths: [
        {
          audience: 'trial',
          before: 14,
          after: 13,
          appeared: [
            path('reason=not-using-now', 'why-not-using=budget', 'final'),
            ...viaCompetitors('reason=not-using-now', 'why-not-using=too-early'),
            ...viaCompetitors('reason=missing-features'),
            ...viaCompetitors('reason=trial-ended', 'trial-feedback=more-time'),
            ...viaCompetitors('reason=trial-ended', 'trial-feedback=more-help'),
          ],
          disappeared: [
            ...viaCompetitors('reason=not-using-now', 'why-not-using=budget'),
            ...viaCompetitors('reason=not-using-now', 'why-not-using=no-time'),
            ...viaCompetitors('reason=missing-features', 'what-missing=reports'),
            ...viaCompetitors('reason=missing-features', 'what-missing=integrations'),
            ...viaCompetitors('reason=trial-ended'),
          ],
        },
        {
          audience: 'paid',
          before: 13,
          after: 8,
          appeared: [path('reason=not-using-now', 'why-not-using=budget', 'final'), ...viaCompetitors('reason=missing-features')],
          disappeared: [
            ...viaCompetitors('reason=not-using-now', 'why-not-using=budget'),
            ...viaCompetitors('reason=not-using-now', 'why-not-using=no-time'),
            ...viaCompetitors('reason=missing-features', 'what-missing=reports'),
            ...viaCompetitors('reason=missing-features', 'what-missing=integrations'),
          ],
        },
      ],
    },
  ],
  routes: [
    { change: 'changed', route: 'seo', fields: [{ field: 'name', before: 'SEO Toolkit', after: 'SEO Toolkit Classic' }] },
    { change: 'removed', route: 'ai', toolkit: 'ai', survey: 'exit' },
    { change: 'added', route: 'local', toolkit: 'local', survey: 'exit' },
  ],
  redirects: [{ change: 'changed', from: 'trends', before: 'seo', after: 'all' }],
};

const EXPECTED_TEXT = `Survey 'exit'
  Steps
    - what-missing (choice): "Which feature did you miss?"
    + trial-feedback (choice): "What would have made the trial more useful?" (trial users only)
    ~ competitors: question reworded
        was: "Are you going to use any other service instead?"
        now: "Will you use another service instead?"
  Answers
    ~ reason › another-account reworded
        was: "I have another account"
        now: "I have another account or want to change my plan"
    - why-not-using › no-time: "I don’t have time to use it"
    + why-not-using › too-early: "It’s too early for me to use it", goes to 'competitors' (trial users only)
  Where answers lead
    reason › missing-features: now goes to 'competitors' (was 'what-missing')
    reason › trial-ended: now goes to 'trial-feedback' (was 'competitors') (trial users only)
    why-not-using › budget: now goes to 'final' (was 'competitors')
  Form fields
    ~ final › comment relabelled (paid users only)
        was: "Have anything else to add?"
        now: "Anything else you’d like to tell us?"
  Limits
    comment: now 2000 (was 1500)
  Paths of trial users: 13 (was 14); 9 appeared, 10 disappeared
    + reason=not-using-now › why-not-using=budget › final
    + reason=not-using-now › why-not-using=too-early › competitors=will-use-other › other-services › final
    + reason=not-using-now › why-not-using=too-early › competitors=not-sure-yet › final
    + reason=missing-features › competitors=will-use-other › other-services › final
    + reason=missing-features › competitors=not-sure-yet › final
    + reason=trial-ended › trial-feedback=more-time › competitors=will-use-other › other-services › final
    + reason=trial-ended › trial-feedback=more-time › competitors=not-sure-yet › final
    + reason=trial-ended › trial-feedback=more-help › competitors=will-use-other › other-services › final
    + reason=trial-ended › trial-feedback=more-help › competitors=not-sure-yet › final
    - reason=not-using-now › why-not-using=budget › competitors=will-use-other › other-services › final
    - reason=not-using-now › why-not-using=budget › competitors=not-sure-yet › final
    - reason=not-using-now › why-not-using=no-time › competitors=will-use-other › other-services › final
    - reason=not-using-now › why-not-using=no-time › competitors=not-sure-yet › final
    - reason=missing-features › what-missing=reports › competitors=will-use-other › other-services › final
    - reason=missing-features › what-missing=reports › competitors=not-sure-yet › final
    - reason=missing-features › what-missing=integrations › competitors=will-use-other › other-services › final
    - reason=missing-features › what-missing=integrations › competitors=not-sure-yet › final
    - reason=trial-ended › competitors=will-use-other › other-services › final
    - reason=trial-ended › competitors=not-sure-yet › final
  Paths of paid users: 8 (was 13); 3 appeared, 8 disappeared
    + reason=not-using-now › why-not-using=budget › final
    + reason=missing-features › competitors=will-use-other › other-services › final
    + reason=missing-features › competitors=not-sure-yet › final
    - reason=not-using-now › why-not-using=budget › competitors=will-use-other › other-services › final
    - reason=not-using-now › why-not-using=budget › competitors=not-sure-yet › final
    - reason=not-using-now › why-not-using=no-time › competitors=will-use-other › other-services › final
    - reason=not-using-now › why-not-using=no-time › competitors=not-sure-yet › final
    - reason=missing-features › what-missing=reports › competitors=will-use-other › other-services › final
    - reason=missing-features › what-missing=reports › competitors=not-sure-yet › final
    - reason=missing-features › what-missing=integrations › competitors=will-use-other › other-services › final
    - reason=missing-features › what-missing=integrations › competitors=not-sure-yet › final

Toolkit pages
  ~ /cancel/seo: name now "SEO Toolkit Classic" (was "SEO Toolkit")
  - /cancel/ai: survey 'exit', toolkit ai
  + /cancel/local: survey 'exit', toolkit local

Redirects
  ~ /cancel/trends: now → /cancel/all (was /cancel/seo)`;

describe('diffBundles on the fixture change (tests/fixtures/diff/before → after)', () => {
  it('lists exactly the steps, answers, next steps, fields, limits, paths, pages and redirects that changed', () => {
    expect(diffBundles(before, after)).toEqual(EXPECTED);
  });

  it('formats the change as a flow a product manager reads', () => {
    expect(formatDiff(diffBundles(before, after))).toBe(EXPECTED_TEXT);
  });

  it('finds nothing between a survey and itself', () => {
    expect(formatDiff(diffBundles(after, after))).toBe('no changes to the survey flow');
  });

  it('reports a survey added or removed as a whole', () => {
    const exit = after.surveys.exit;
    if (!exit) throw new Error('no exit survey');
    const more: CompiledBundle = { ...after, surveys: { ...after.surveys, short: { ...exit, id: 'short' } } };
    expect(diffBundles(after, more).surveysAdded).toEqual([
      { survey: 'short', steps: ['reason', 'why-not-using', 'trial-feedback', 'competitors', 'other-services', 'final'] },
    ]);
    expect(formatDiff(diffBundles(more, after))).toBe("Survey 'short' removed");
  });
});

describe('formatDiff: translations', () => {
  const only = (translations: TranslationsDiff): SurveyDiff => ({ surveysAdded: [], surveysRemoved: [], surveys: [], routes: [], redirects: [], translations });

  it('lists the languages that miss the same texts in one block, and the others apart', () => {
    const text = formatDiff(
      only({
        missing: [
          { language: 'de', texts: ['We now do this work in-house', 'Not sure yet'] },
          { language: 'en', texts: ['We now do this work in-house'] },
          { language: 'fr', texts: ['We now do this work in-house', 'Not sure yet'] },
          { language: 'ja', texts: ['We now do this work in-house'] },
          { language: 'pl', texts: ['Not sure yet'] },
        ],
        checked: ['de', 'en', 'fr', 'ja', 'pl'],
        skipped: ['sv'],
      }),
    );
    expect(text).toBe(
      [
        'Translations',
        '  missing in de, fr (2 texts):',
        '    "We now do this work in-house"',
        '    "Not sure yet"',
        '  missing in en, ja (1 text):',
        '    "We now do this work in-house"',
        '  missing in pl (1 text):',
        '    "Not sure yet"',
        '  not checked, no catalog file yet: sv',
      ].join('\n'),
    );
  });
});

describe('diffBundles: what a customer reads beyond the questions and the answers’ texts', () => {
  let shipped: CompiledBundle;
  beforeAll(async () => {
    shipped = await compiled('survey');
  });

  /** The shipped bundle with its cancellation survey changed by `edit` for both audiences. */
  function edited(edit: (survey: CompiledBundle['surveys'][string]) => void): CompiledBundle {
    const copy = structuredClone(shipped);
    const survey = copy.surveys.cancellation;
    if (!survey) throw new Error('no cancellation survey');
    edit(survey);
    return copy;
  }
  const stepsOf = (survey: CompiledBundle['surveys'][string], id: string) => (['trial', 'paid'] as const).flatMap((audience) => survey.audiences[audience].steps[id] ?? []);

  it('reports a tip reworded or linked elsewhere, an answer box’s placeholder, and an offer’s decline button and success screen', () => {
    const changed = edited((survey) => {
      for (const step of stepsOf(survey, 'why-not-using')) {
        if (step.type !== 'choice') continue;
        const tip = step.answers.find((answer) => answer.id === 'no-time')?.tip;
        if (tip) Object.assign(tip, { link: 'apps', label: 'Browse the apps' });
      }
      for (const step of stepsOf(survey, 'what-could-be-better')) {
        if (step.type !== 'choice') continue;
        const input = step.answers.find((answer) => answer.id === 'needs-improvements')?.input;
        if (input) input.placeholder = 'Please tell us more';
      }
      for (const step of stepsOf(survey, 'discount-offer')) {
        if (step.type !== 'offer') continue;
        step.decline = 'Switch plan';
        step.success.heading = 'Your plan is changing';
      }
    });
    const text = formatDiff(diffBundles(shipped, changed));
    expect(text).toBe(
      [
        "Survey 'cancellation'",
        '  Details',
        `    ~ why-not-using: now "no-time › tip's link: Browse the apps → apps" (was "no-time › tip's link: Open Position Tracking → positionTracking")`,
        '    ~ what-could-be-better: now "needs-improvements › placeholder: Please tell us more" (was "needs-improvements › placeholder: Please share your ideas and thoughts")',
        '    ~ discount-offer: now "decline button: Switch plan" (was "decline button: No thanks, continue cancelling")',
        '    ~ discount-offer: now "after accepting, heading: Your plan is changing" (was "after accepting, heading: Your discount is on")',
      ].join('\n'),
    );
  });

  it('reports a removed answer once, not its tip beside it', () => {
    const changed = edited((survey) => {
      for (const step of stepsOf(survey, 'why-not-using')) if (step.type === 'choice') step.answers = step.answers.filter((answer) => answer.id !== 'no-time');
    });
    const flow = diffBundles(shipped, changed).surveys[0];
    expect(flow?.answers.map((change) => [change.change, change.answer])).toEqual([['removed', 'no-time']]);
    expect(flow?.details).toEqual([]);
  });
});

describe('diffBundles: answer order', () => {
  it('reports no new authored order of answers shown in random order on both sides, which no customer sees', async () => {
    const shipped = await compiled('survey');
    const swapped = structuredClone(shipped);
    for (const audience of ['trial', 'paid'] as const) {
      const reason = swapped.surveys.cancellation?.audiences[audience].steps.reason;
      if (reason?.type !== 'choice' || reason.order !== 'random') throw new Error('the shipped reason step shows its answers in random order');
      const [first, second, ...rest] = reason.answers;
      if (!first || !second) throw new Error('reason has fewer than two answers');
      reason.answers = [second, first, ...rest];
    }
    expect(formatDiff(diffBundles(shipped, swapped))).toBe('no changes to the survey flow');

    // Shown in that order to everybody from now on: the new order is what customers see.
    for (const audience of ['trial', 'paid'] as const) {
      const reason = swapped.surveys.cancellation?.audiences[audience].steps.reason;
      if (reason?.type === 'choice') reason.order = 'fixed';
    }
    const diff = diffBundles(shipped, swapped).surveys[0];
    expect(diff?.order.map((change) => change.after.slice(0, 2))).toEqual([
      ['not-meeting-needs', 'not-using-now'],
      ['not-meeting-needs', 'not-using-now'],
    ]);
  });
});

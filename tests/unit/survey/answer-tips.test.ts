// Answer tips: a note with a link to another product page under a chosen answer (spec §2 'Other':
// projects, position tracking, site audit, backlink audit, on-page SEO checker, apps, keyword
// manager and feedback session booking).
import { describe, expect, it } from 'vitest';
import providerSchema from '../../../schemas/provider.schema.json';
import surveySchema from '../../../schemas/survey.schema.json';
import { isStepOfType, PROVIDER_LINK_NAMES, type ChoiceStep } from '../../../src/model';
import { compiledBundle } from '../engine/compiled';

const tipsOf = (audience: 'trial' | 'paid') =>
  Object.values(compiledBundle().surveys.cancellation?.audiences[audience].steps ?? {})
    .filter((step): step is ChoiceStep => isStepOfType(step, 'choice'))
    .flatMap((step) => step.answers.filter((answer) => answer.tip).map((answer) => ({ step: step.id, answer: answer.id, tip: answer.tip })));

describe('answer tips', () => {
  it('name the same links as provider.yaml’s schema and the model', () => {
    expect([...PROVIDER_LINK_NAMES].sort()).toEqual([...providerSchema.properties.links.required].sort());
    expect([...PROVIDER_LINK_NAMES].sort()).toEqual([...surveySchema.definitions.linkName.enum].sort());
  });

  it('reach the compiled answers of the audience that sees them', () => {
    expect(tipsOf('paid')).toContainEqual({
      step: 'why-not-using',
      answer: 'no-projects',
      tip: { text: 'Your projects and their data stay here until your subscription ends.', link: 'projects', label: 'Open your projects' },
    });
    expect(tipsOf('paid').map((t) => t.answer)).not.toContain('learn-seo');
    expect(tipsOf('trial').map((t) => `${t.step}/${t.answer}`)).toContain('why-not-sure/just-trying');
  });

  it('link every product page the spec names, between them', () => {
    const linked = new Set([...tipsOf('paid'), ...tipsOf('trial')].map((t) => t.tip?.link));
    for (const page of ['projects', 'positionTracking', 'siteAudit', 'backlinkAudit', 'onPageSeoChecker', 'apps', 'keywordManager', 'feedbackSession']) {
      expect(linked.has(page as (typeof PROVIDER_LINK_NAMES)[number]), page).toBe(true);
    }
  });
});

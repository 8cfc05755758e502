// The policies as the page and the server read them: which country follows which, the declaration
// screen's form, a question left unanswered, and our calls beside spec §7's.
import { describe, expect, it } from 'vitest';
import { ADDED_CALLS, ApiError, createApi, csrfToken } from '../../../src/api';
import { pagePolicy } from '../../../src/app/policy';
import { isSpecFlow, policyFor, readPolicy, SPEC_DEFAULT, type CompiledBundle, type FormStep } from '../../../src/model';
import { testBundle } from '../../server/helpers/bundle';
import { isBlankData } from '../../../src/renderer';
import { declarationData, declarationStep, declaredName } from '../../../src/renderer/declaration-form';
import { json, sent, stubFetch } from '../api/fetch-stub';

// The compiled bundle as the server reads it (the app's copy leaves the policies out).
const bundle: CompiledBundle = testBundle();
const policies = bundle.policies;
const policy = (id: string) => {
  const found = policies.policies[id];
  if (!found) throw new Error(`no policy ${id}`);
  return found;
};
const closing = bundle.surveys.cancellation?.audiences.paid.steps.final as FormStep;

describe('policyFor: the policy of a country_code', () => {
  it('maps the shipped countries, a subdivision before its country, and everything else to the spec’s flow', () => {
    expect(policyFor(policies, 'DE').id).toBe('de-312k');
    expect(policyFor(policies, 'fr').id).toBe('eu-withdrawal');
    expect(policyFor(policies, 'US').id).toBe('us-ca');
    expect(policyFor(policies, 'US-MN').id).toBe('us-mn');
    expect(policyFor(policies, 'US-TX').id).toBe('us-ca');
    expect(policyFor(policies, 'GB').id).toBe('uk-dmcc-draft');
    expect(policyFor(policies, 'CH').id).toBe('spec-default');
    expect(policyFor(policies, '').id).toBe('spec-default');
    expect(isSpecFlow(policyFor(policies, 'JP'))).toBe(true);
    expect(isSpecFlow(policy('us-mn'))).toBe(false);
  });

  it('ships uk-dmcc-draft as a draft and the others as settled', () => {
    expect(Object.values(policies.policies).filter((p) => p.draft).map((p) => p.id)).toEqual(['uk-dmcc-draft']);
  });

  it('on the page: the server’s choice where the page confirms by email, the spec’s flow on the Growth Kit or without one', () => {
    const seo = bundle.toolkits.find((b) => b.toolkit === 'seo');
    const growth = bundle.toolkits.find((b) => b.toolkit === 'growth-kit');
    if (!seo || !growth) throw new Error('bindings missing');
    expect(pagePolicy(seo, policy('de-312k')).id).toBe('de-312k');
    expect(pagePolicy(growth, policy('de-312k'))).toBe(SPEC_DEFAULT);
    expect(pagePolicy(seo, undefined)).toBe(SPEC_DEFAULT);
  });

  it('travels with the user context: every shipped policy reads back as sent, anything else of another shape is none', () => {
    for (const sent of Object.values(policies.policies)) expect(readPolicy(JSON.parse(JSON.stringify(sent)))).toEqual(sent);
    const de = policy('de-312k');
    expect(readPolicy({ ...de, effect: 'tomorrow' })).toBeUndefined();
    expect(readPolicy({ ...de, cancelNow: { label: 'Cancel now' } })).toBeUndefined();
    expect(readPolicy({ ...de, closingForm: { ask: ['phone'], agreement: 'gate' } })).toBeUndefined();
    expect(readPolicy({ id: 'de-312k', version: 1 })).toBeUndefined();
    expect(readPolicy(null)).toBeUndefined();
  });
});

describe('the declaration screen', () => {
  it('under de-312k asks name and email only, the agreement a notice already met, with the control’s heading and button', () => {
    const step = declarationStep(closing, policy('de-312k'), true);
    expect(step.heading).toBe('Cancel your subscription');
    expect(step.title).toBe('Cancel your subscription');
    expect(step.submit).toBe('Cancel now');
    expect(step.form.uiSchema).toMatchObject({
      name: { 'ui:widget': 'LimitedTextWidget' },
      email: { 'ui:widget': 'ReadOnlyEmailWidget' },
      comment: { 'ui:widget': 'hidden' },
      agreement: { 'ui:widget': 'AgreementNoticeWidget' },
    });
    // The survey's own step is not changed.
    expect(closing.form.uiSchema).toMatchObject({ comment: { 'ui:widget': 'LimitedTextareaWidget' }, agreement: { 'ui:widget': 'AgreementWidget' } });
    expect(declarationData(closing, policy('de-312k'), { name: 'Dana', email: 'd@x.example', comment: 'typed before' })).toEqual({
      name: 'Dana',
      email: 'd@x.example',
      agreement: true,
    });
  });

  it('reached at the end of the survey keeps the survey’s heading; under us-ca the agreement stays a gate', () => {
    expect(declarationStep(closing, policy('de-312k'), false).heading).toBe(closing.heading);
    const usca = declarationStep(closing, policy('us-ca'), true);
    expect(usca.submit).toBe('Cancel subscription');
    expect(usca.form.uiSchema).toMatchObject({ agreement: { 'ui:widget': 'AgreementWidget' }, comment: { 'ui:widget': 'hidden' } });
    expect(declarationData(closing, policy('us-ca'), { name: 'Uma' })).toEqual({ name: 'Uma' });
  });

  it('declares in the name typed, trimmed', () => {
    expect(declaredName(closing, { name: '  Dana Deutsch ', email: 'd@x.example' })).toBe('Dana Deutsch');
    expect(declaredName(closing, {})).toBe('');
  });
});

describe('a question left unanswered', () => {
  it('is data with nothing chosen, typed or ticked', () => {
    expect(isBlankData({ details: {} })).toBe(true);
    expect(isBlankData({ answer: undefined, details: { other: '   ' } })).toBe(true);
    expect(isBlankData({ answers: [] })).toBe(true);
    expect(isBlankData({ answer: 'budget', details: {} })).toBe(false);
    expect(isBlankData({ details: { other: 'typed' } })).toBe(false);
    expect(isBlankData({ value: 0 })).toBe(false);
    expect(isBlankData({ answers: ['a'] })).toBe(false);
  });
});

describe('our calls beside spec §7', () => {
  it('are labelled like the spec’s, post with the CSRF token and an Idempotency-Key, and read the receipt', async () => {
    expect(Object.fromEntries(Object.entries(ADDED_CALLS).map(([name, call]) => [name, call.label]))).toEqual({
      declareCancellation: "Cancellation wasn't declared",
      undoCancellation: "Cancellation wasn't undone",
    });
    const receipt = { effect: 'immediate', reference: 'C-ABCDEFGH', declared_at: '2026-11-25T10:00:00.000Z', email: 'd@x.example' };
    stubFetch((r) => (r.url.endsWith('get-csrf-token/') ? json({ csrf_token: 'tok-9' }) : r.url.endsWith('declare-cancellation/') ? json(receipt) : json({ undone: true })));
    const api = createApi({ segment: 'seo', labelPrefix: 'SST' });
    await api.getCsrfToken();
    expect(csrfToken()).toBe('tok-9');
    expect(await api.declareCancellation({ name: 'Dana', screens: ['reason'] }, 'idem-d')).toEqual(receipt);
    await api.undoCancellation('undo-key');
    const [, declare, undo] = sent.slice(-3);
    expect([declare?.method, declare?.url, declare?.headers['X-CSRFToken'], declare?.headers['Idempotency-Key'], declare?.body]).toEqual([
      'POST',
      '/cancel/api/seo/declare-cancellation/',
      'tok-9',
      'idem-d',
      { name: 'Dana', screens: ['reason'] },
    ]);
    expect([undo?.url, undo?.body]).toEqual(['/cancel/api/seo/undo-cancellation/', { key: 'undo-key' }]);
  });

  it('fail with their label when the answer is no receipt', async () => {
    stubFetch(() => json({ effect: 'later' }));
    const error = await createApi({ segment: 'seo' })
      .declareCancellation({ name: 'Dana', screens: [] }, 'idem-x')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).label).toBe("Cancellation wasn't declared");
  });
});

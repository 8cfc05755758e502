// Sending a policy's declaration: the attempt is saved before the call, a retry of the same
// declaration keeps its Idempotency-Key, and one corrected between tries gets a key of its own.
import { describe, expect, it, vi } from 'vitest';
import { newAttempt, type SubmissionAttempt } from '../../../src/app/submission';
import { sendDeclaration, type Declaration } from '../../../src/app/survey/declaration-submission';
import type { SurveyState } from '../../../src/engine';
import type { CancellationPolicy, FormStep } from '../../../src/model';

const closing = { id: 'final', fields: [{ id: 'name', kind: 'name' }] } as unknown as FormStep;
const state = { trail: ['reason', 'final'] } as unknown as SurveyState;
const receipt = { effect: 'immediate', reference: 'C-1', declared_at: '2026-11-27T10:00:00.000Z', email: 'dana@example.com' };

/** declare-cancellation failing the first `failures` calls (the answer lost), then answering. */
function declaring(failures: number) {
  let left = failures;
  const saved: SubmissionAttempt[] = [];
  const sent: { body: unknown; key: string; savedBefore: SubmissionAttempt | undefined }[] = [];
  const declareCancellation = vi.fn(async (body: unknown, key: string) => {
    sent.push({ body, key, savedBefore: saved.at(-1) });
    if (left-- > 0) throw new Error('no answer');
    return receipt as never;
  });
  const attempt = newAttempt();
  const declaration = (name: string): Declaration => ({
    survey: {} as never,
    state,
    binding: {} as never,
    policy: { effect: 'immediate' } as unknown as CancellationPolicy,
    ready: {} as never,
    api: { storeSurvey: vi.fn(), sendConfirmationEmail: vi.fn(), declareCancellation },
    closing,
    data: { name },
    viaControl: true,
    attempt,
    save: (a) => saved.push(structuredClone(a)),
  });
  return { declaration, sent, attempt };
}

describe('sendDeclaration', () => {
  it('saves the attempt with what it declares before the call goes out', async () => {
    const { declaration, sent, attempt } = declaring(0);
    await expect(sendDeclaration(declaration('Dana'))).resolves.toEqual({ receipt });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.key).toBe(attempt.emailKey);
    expect(sent[0]?.savedBefore?.declarationBody).toBe(JSON.stringify({ name: 'Dana', screens: ['reason', 'final'] }));
    expect(attempt.emailSent).toBe(true);
  });

  it('sends the same declaration again with the same key', async () => {
    const { declaration, sent } = declaring(1);
    await expect(sendDeclaration(declaration('Dana'))).rejects.toThrow('no answer');
    await sendDeclaration(declaration('Dana'));
    expect(sent.map((s) => s.key)).toEqual([sent[0]?.key, sent[0]?.key]);
  });

  it('gives a declaration corrected between tries a key of its own, and keeps that key for its own retries', async () => {
    const { declaration, sent } = declaring(2);
    await expect(sendDeclaration(declaration('Dana Deutcsh'))).rejects.toThrow('no answer');
    await expect(sendDeclaration(declaration('Dana Deutsch'))).rejects.toThrow('no answer');
    await sendDeclaration(declaration('Dana Deutsch'));
    const [first, corrected, retried] = sent;
    expect(corrected?.body).toEqual({ name: 'Dana Deutsch', screens: ['reason', 'final'] });
    expect(corrected?.key).not.toBe(first?.key);
    expect(retried?.key).toBe(corrected?.key);
  });
});

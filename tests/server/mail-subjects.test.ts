// A subject says what its mail is within the 40 characters or so an inbox shows on a phone, whatever the
// toolkit's name that follows: a long name must not push "is canceled" out of sight.
import { describe, expect, it } from 'vitest';
import type { Language, User } from '../../src/model';
import { confirmationMail } from '../../src/server/confirmation-mail';
import { receiptMail } from '../../src/server/receipt-mail';
import { testBundle } from './helpers/bundle';

const bundle = testBundle();

/** Each language's word for what the mail is: the confirmation asked for, the cancellation done, the withdrawal done. */
const WHAT: Record<Language, Record<'confirmation' | 'receipt' | 'withdrawal', RegExp>> = {
  de: { confirmation: /Kündigung/, receipt: /gekündigt/, withdrawal: /Widerruf/ },
  en: { confirmation: /cancellation/, receipt: /canceled/, withdrawal: /withdrawal/ },
  es: { confirmation: /cancelación/, receipt: /cancelada/, withdrawal: /desistimiento/ },
  fr: { confirmation: /résiliation/, receipt: /résilié/, withdrawal: /rétractation/ },
  it: { confirmation: /annullamento/, receipt: /annullato/, withdrawal: /recesso/ },
  ja: { confirmation: /解約/, receipt: /解約/, withdrawal: /撤回/ },
  ko: { confirmation: /해지/, receipt: /해지/, withdrawal: /철회/ },
  nl: { confirmation: /opzegging/, receipt: /opgezegd/, withdrawal: /herroeping/ },
  pl: { confirmation: /anulowanie/, receipt: /anulowana/, withdrawal: /Odstąpienie/ },
  pt: { confirmation: /cancelamento/, receipt: /cancelada/, withdrawal: /desistência/ },
  sv: { confirmation: /uppsägningen/, receipt: /sagts upp/, withdrawal: /frånträde/ },
  tr: { confirmation: /iptal/i, receipt: /iptal/i, withdrawal: /cayma/i },
  vi: { confirmation: /hủy/, receipt: /hủy/, withdrawal: /rút khỏi/ },
  zh: { confirmation: /取消/, receipt: /取消/, withdrawal: /撤回/ },
};

const first40 = (subject: string) => [...subject].slice(0, 40).join('');

describe('every mail’s subject', () => {
  it('says what the mail is in its first 40 characters, for every toolkit in every language', () => {
    const missed: string[] = [];
    for (const language of Object.keys(WHAT) as Language[]) {
      for (const binding of bundle.toolkits) {
        const subjects = {
          confirmation: confirmationMail({
            provider: bundle.provider,
            binding,
            user: { name: 'Ada', email: 'ada@example.com' } as User,
            link: 'http://cancel.test/cancel/seo/confirm-unsubscribe?key=k',
            validSeconds: 86_400,
            language,
            origin: 'http://cancel.test',
          }).subject,
          ...Object.fromEntries(
            (['receipt', 'withdrawal'] as const).map((kind) => [
              kind,
              receiptMail({ provider: bundle.provider, binding, to: 'ada@example.com', name: 'Ada', reference: 'C-7K2M9Q4T', declaredAt: 0, undoLink: 'http://cancel.test/u', undoUntil: 0, language, withdrawal: kind === 'withdrawal' }).subject,
            ]),
          ),
        } as Record<'confirmation' | 'receipt' | 'withdrawal', string>;
        for (const [kind, subject] of Object.entries(subjects) as ['confirmation' | 'receipt' | 'withdrawal', string][]) {
          if (!WHAT[language][kind].test(first40(subject))) missed.push(`${language} ${kind}: ${subject}`);
        }
      }
    }
    expect(missed).toEqual([]);
  });

  it('leads the receipt with the fact, then the toolkit and the reference', () => {
    const seo = bundle.toolkits.find((b) => b.route === 'seo');
    if (seo === undefined) throw new Error('no seo toolkit');
    const subject = (language: Language) =>
      receiptMail({ provider: bundle.provider, binding: seo, to: 'ada@example.com', name: 'Ada', reference: 'C-7K2M9Q4T', declaredAt: 0, undoLink: 'http://cancel.test/u', undoUntil: 0, language }).subject;
    expect(subject('en')).toBe('Subscription canceled: SEO Toolkit (C-7K2M9Q4T)');
    expect(subject('de')).toBe('Abonnement gekündigt: „SEO-Toolkit“ (C-7K2M9Q4T)');
  });
});

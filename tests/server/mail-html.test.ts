// A mail's HTML says its language and direction where webmail keeps them: Gmail, Outlook.com and Yahoo
// show the body inside their own page and drop <html lang>, and a page set right to left (a Hebrew or
// Arabic mail client) would otherwise turn the paragraphs right to left too.
import { describe, expect, it } from 'vitest';
import type { Language, User } from '../../src/model';
import { confirmationMail } from '../../src/server/confirmation-mail';
import { LANGUAGES } from '../../src/server/languages';
import { receiptMail } from '../../src/server/receipt-mail';
import { testBundle } from './helpers/bundle';

const bundle = testBundle();
const seo = bundle.toolkits.find((b) => b.route === 'seo');
if (seo === undefined) throw new Error('no seo toolkit');

const mails = (language: Language) => ({
  confirmation: confirmationMail({
    provider: bundle.provider,
    binding: seo,
    user: { name: 'Ada', email: 'ada@example.com' } as User,
    link: 'http://cancel.test/cancel/seo/confirm-unsubscribe?key=k',
    validSeconds: 86_400,
    language,
    origin: 'http://cancel.test',
  }),
  receipt: receiptMail({ provider: bundle.provider, binding: seo, to: 'ada@example.com', name: 'Ada', reference: 'C-7K2M9Q4T', declaredAt: 0, undoLink: 'http://cancel.test/u', undoUntil: 0, language }),
  withdrawal: receiptMail({ provider: bundle.provider, binding: seo, to: 'ada@example.com', name: 'Ada', reference: 'C-7K2M9Q4T', declaredAt: 0, undoLink: 'http://cancel.test/u', undoUntil: 0, language, withdrawal: true }),
});

describe('a mail’s HTML', () => {
  it('says its language and direction on the element around its text, which webmail keeps, in every language', () => {
    for (const language of LANGUAGES) {
      for (const [kind, { html }] of Object.entries(mails(language))) {
        const body = /<body>([\s\S]*)<\/body>/.exec(html)?.[1] ?? '';
        expect(body, `${language} ${kind}`).toMatch(new RegExp(`^\\n<div lang="${language}" dir="ltr">\\n<p>[\\s\\S]*</p>\\n</div>\\n$`));
        // Every paragraph is inside it, and it is the only one.
        expect(body.match(/<div/g), `${language} ${kind}`).toHaveLength(1);
        expect(html, `${language} ${kind}`).toContain(`<html lang="${language}">`);
      }
    }
  });
});

// The confirmation email speaks the customer's language: the session's, by the page's own rule (one of
// the 14, English otherwise), with its texts and the toolkit's name from that language's catalog.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { languageOf, type Language, type ToolkitBinding, type User } from '../../src/model';
import { confirmationMail } from '../../src/server/confirmation-mail';
import { catalog } from '../unit/i18n/catalogs';
import { testBundle } from './helpers/bundle';
import { latestKey, mailbox, startHarness, type Harness } from './helpers/harness';

/** `language`'s translation of an English id, from the shipped catalog, with simple `{placeholders}` filled in. */
function translated(language: string, english: string, values: Record<string, string> = {}): string {
  const text = catalog(language).get(english)?.msgstr;
  if (!text) throw new Error(`${language} has no translation of '${english}'`);
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

const bundle = testBundle();
const binding = (route: string): ToolkitBinding => {
  const found = bundle.toolkits.find((b) => b.route === route);
  if (!found) throw new Error(`no binding ${route}`);
  return found;
};
const USER = { name: 'Mia <Monthly> & Co', email: 'mia.monthly@example.com' } as User;
const LINK = 'http://cancel.test/cancel/seo/confirm-unsubscribe?key=k1';
const mail = (language: Language, validHours = 24) =>
  confirmationMail({ provider: bundle.provider, binding: binding('seo'), user: USER, link: LINK, validSeconds: validHours * 3600, language, origin: 'http://cancel.test' });

describe('a German session', () => {
  let harness: Harness;
  beforeEach(async () => {
    harness = await startHarness();
  });
  afterEach(async () => {
    await harness.stop();
  });

  it('gets the email in German: subject and body from the de catalog, the link unchanged', async () => {
    const client = await harness.signIn('paid-monthly', 'de');
    expect((await client.post('/cancel/api/seo/send-confirmation-email/', {})).statusCode).toBe(200);
    const [sent] = await mailbox(harness);
    const key = await latestKey(harness);
    const toolkit = translated('de', 'SEO Toolkit');
    expect(toolkit).toBe('SEO-Toolkit');

    expect(sent?.subject).toBe(translated('de', 'Confirm the cancellation of your {toolkit} subscription', { toolkit }));
    expect(sent?.subject).toBe('Bestätigen Sie die Kündigung Ihres Abonnements für „SEO-Toolkit“');
    const lines = sent?.text.split('\n') ?? [];
    expect(lines[0]).toBe(translated('de', 'Hello {name},', { name: 'Mia Monthly' }));
    expect(lines).toContain(translated('de', 'We received a request to cancel your {provider} {toolkit} subscription.', { provider: 'Marketlane', toolkit }));
    expect(lines).toContain('Der Link kann einmal verwendet werden und ist 24 Stunden lang gültig.');
    expect(lines).toContain(`http://cancel.test/cancel/seo/confirm-unsubscribe?key=${key}`);
    expect(lines.at(-1)).toBe('Ihr Marketlane-Team');
    expect(sent?.links).toEqual([`http://cancel.test/cancel/seo/confirm-unsubscribe?key=${key}`, 'http://cancel.test/kb/support/']);
    expect(sent?.html).toContain('<html lang="de">');
    expect(sent?.html).toContain(`>${translated('de', 'Confirm the cancellation')}</a>`);
    // No English sentence is left over.
    for (const english of ['Hello', 'We received', 'The link works', 'Questions?', 'team']) {
      expect(sent?.text).not.toContain(english);
      expect(sent?.html).not.toContain(english);
    }
  });
});

describe('confirmationMail', () => {
  it('is English for a language we do not ship, as the page is', () => {
    const english = mail(languageOf('ru', LINK));
    expect(english.subject).toBe('Confirm the cancellation of your SEO Toolkit subscription');
    expect(english.text.split('\n')).toEqual([
      'Hello Mia <Monthly> & Co,',
      '',
      'We received a request to cancel your Marketlane SEO Toolkit subscription.',
      'To confirm the cancellation, open this link:',
      '',
      LINK,
      '',
      'The link works once and expires in 24 hours.',
      'If you did not ask to cancel, ignore this email.',
      'Questions? Contact support@marketlane.example or visit <http://cancel.test/kb/support/>.',
      '',
      'The Marketlane team',
    ]);
    expect(english.html).toContain('<html lang="en">');
  });

  it('takes the page’s rule for the language: a regional setting is its language', () => {
    expect(languageOf('pt-BR', LINK)).toBe('pt');
    expect(mail(languageOf('pt-BR', LINK)).subject).toBe('Confirme o cancelamento da sua assinatura de “Kit de ferramentas de SEO”');
  });

  it('says whole hours rounded down, so no more time than the link has, and minutes under an hour', () => {
    const expiry = (language: Language, seconds: number) =>
      confirmationMail({ provider: bundle.provider, binding: binding('seo'), user: USER, link: LINK, validSeconds: seconds, language, origin: 'http://cancel.test' }).text.split('\n')[7];
    expect(expiry('en', 5400)).toBe('The link works once and expires in 1 hour.');
    expect(expiry('en', 3599)).toBe('The link works once and expires in 59 minutes.');
    expect(expiry('en', 60)).toBe('The link works once and expires in 1 minute.');
    expect(expiry('en', 1)).toBe('The link works once and expires in 1 minute.');
    expect(expiry('de', 1800)).toBe('Der Link kann einmal verwendet werden und ist 30 Minuten lang gültig.');
    expect([1, 2, 5, 22].map((minutes) => expiry('pl', minutes * 60))).toEqual([
      'Link działa tylko raz i wygasa za 1 minutę.',
      'Link działa tylko raz i wygasa za 2 minuty.',
      'Link działa tylko raz i wygasa za 5 minut.',
      'Link działa tylko raz i wygasa za 22 minuty.',
    ]);
    expect(expiry('ja', 600)).toBe('このリンクは1回のみ有効で、10分後に期限切れになります。');
  });

  it('counts the hours with each language’s plural forms', () => {
    const expiry = (language: Language, hours: number) => mail(language, hours).text.split('\n')[7];
    expect(expiry('en', 1)).toBe('The link works once and expires in 1 hour.');
    expect(expiry('de', 1)).toBe('Der Link kann einmal verwendet werden und ist 1 Stunde lang gültig.');
    expect([1, 2, 5, 22, 25].map((hours) => expiry('pl', hours))).toEqual([
      'Link działa tylko raz i wygasa za 1 godzinę.',
      'Link działa tylko raz i wygasa za 2 godziny.',
      'Link działa tylko raz i wygasa za 5 godzin.',
      'Link działa tylko raz i wygasa za 22 godziny.',
      'Link działa tylko raz i wygasa za 25 godzin.',
    ]);
    expect(expiry('ja', 1)).toBe('このリンクは1回のみ有効で、1時間後に期限切れになります。');
  });

  it('escapes the customer’s name and the translations in HTML, and links the support address and page', () => {
    for (const language of ['en', 'fr', 'ja'] as const) {
      const { html } = mail(language);
      expect(html, language).toContain('Mia &lt;Monthly&gt; &amp; Co');
      expect(html, language).not.toContain('<Monthly>');
      expect(html, language).toContain('<a href="mailto:support@marketlane.example">support@marketlane.example</a>');
      expect(html, language).toMatch(/<a href="http:\/\/cancel\.test\/kb\/support\/">[^<]+<\/a>/);
      expect(html, language).not.toMatch(/&lt;\/?0&gt;|\uF8FF/);
    }
    expect(mail('fr').html).toContain('Des questions\u202f? Écrivez à <a href="mailto:support@marketlane.example">');
  });
});

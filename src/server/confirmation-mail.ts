// The confirmation email, in the customer's language: its texts are Lingui messages of the app's
// catalogs (locales/<language>/messages.po), whose ids are their English texts as for survey texts;
// each `i18n._('…')` below is extracted by `npm run i18n:extract` (lingui.config.ts includes src/server),
// which reads the ids and the comments as written, so both stay plain string literals.
import type { ProviderSettings, ToolkitBinding, User } from '../model';
import { escapeHtml } from './html';
import type { Language } from './languages';
import { mailDocument, messageHtml, standIns } from './mail-html';
import { i18nFor, surveyTextIn } from './mail-i18n';
import type { OutgoingMail } from './mail';

/**
 * The confirmation email: a link to the confirm page of the binding, in text and HTML, in `language`.
 * Every link in it is absolute, from `origin` (PUBLIC_URL): a mail client has no page to resolve a
 * relative one against.
 */
export function confirmationMail(input: {
  provider: ProviderSettings;
  binding: ToolkitBinding;
  user: User;
  link: string;
  /** How long the link works, in seconds. */
  validSeconds: number;
  language: Language;
  origin: string;
}): OutgoingMail {
  const { provider, binding, user, link, validSeconds, language } = input;
  const supportPage = new URL(provider.links.support, input.origin).href;
  const i18n = i18nFor(language);
  const toolkit = surveyTextIn(i18n, binding.name);
  const names = { name: user.name, provider: provider.name, toolkit };

  const subject = i18n._('Confirm the cancellation of your {toolkit} subscription', names, {
    comment: 'Confirmation email: the subject. {toolkit} is the toolkit’s name as translated here.',
  });
  const greeting = i18n._('Hello {name},', names, { comment: 'Confirmation email: the greeting; {name} is the customer’s name.' });
  const request = i18n._('We received a request to cancel your {provider} {toolkit} subscription.', names, {
    comment: 'Confirmation email: {provider} is the company’s name, {toolkit} the toolkit’s.',
  });
  const openLink = i18n._('To confirm the cancellation, open this link:', undefined, { comment: 'Confirmation email: the confirm link follows on its own line.' });
  const confirm = i18n._('Confirm the cancellation', undefined, { comment: 'Confirmation email: the text of the confirm link (the HTML part).' });
  // Whole hours, or whole minutes under an hour: rounded down, so the mail promises no more time than the link has
  // (a link of under a minute, a test's setting, says one minute).
  const expiry =
    validSeconds >= 3600
      ? i18n._(
          '{hours, plural, one {The link works once and expires in # hour.} other {The link works once and expires in # hours.}}',
          { hours: Math.floor(validSeconds / 3600) },
          { comment: 'Confirmation email: how long the confirm link is valid.' },
        )
      : i18n._(
          '{minutes, plural, one {The link works once and expires in # minute.} other {The link works once and expires in # minutes.}}',
          { minutes: Math.max(1, Math.floor(validSeconds / 60)) },
          { comment: 'Confirmation email: how long the confirm link is valid, when that is under an hour.' },
        );
  const notYou = i18n._('If you did not ask to cancel, ignore this email.', undefined, { comment: 'Confirmation email' });
  const questions = i18n._('Questions? Contact {email} or visit {url}.', { email: provider.supportEmail, url: `<${supportPage}>` /* angle brackets (RFC 3986, appendix C): the full stop after it is no part of it */ }, {
    comment: 'Confirmation email, the text part: {email} is the support address, {url} the support page’s address.',
  });
  const team = i18n._('The {provider} team', names, { comment: 'Confirmation email: the signature.' });

  const text = [greeting, '', request, openLink, '', link, '', expiry, notYou, questions, '', team].join('\n');

  const e = escapeHtml;
  const questionsHtml = messageHtml(
    i18n._('Questions? Contact {email} or visit <0>our support page</0>.', standIns(['email']), {
      comment: 'Confirmation email, the HTML part: {email} is the support address, linked; <0>…</0> links to the support page.',
    }),
    { email: `<a href="mailto:${e(provider.supportEmail)}">${e(provider.supportEmail)}</a>` },
    [[`<a href="${e(supportPage)}">`, '</a>']],
  );
  const html = mailDocument(language, subject, [
    `<p>${e(greeting)}</p>`,
    `<p>${e(request)}</p>`,
    `<p><a href="${e(link)}">${e(confirm)}</a></p>`,
    `<p>${e(expiry)}</p>`,
    `<p>${e(notYou)}</p>`,
    `<p>${questionsHtml}</p>`,
    `<p>${e(team)}</p>`,
  ]);
  return { to: user.email, subject, text, html };
}

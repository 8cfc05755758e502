// The receipt of a cancellation that took effect at once (a policy with `effect: immediate`): the
// declaration on a durable medium, with its date and time, its reference and an undo link. A
// withdrawal from the contract (the EU's withdrawal function) is acknowledged as a withdrawal. Its
// texts are Lingui messages of the app's catalogs, extracted like the confirmation email's.
import type { ProviderSettings, ToolkitBinding } from '../model';
import { longDateTime } from '../model/long-date';
import { escapeHtml } from './html';
import type { Language } from './languages';
import { mailDocument } from './mail-html';
import { i18nFor, surveyTextIn } from './mail-i18n';
import type { OutgoingMail } from './mail';

/** A moment as the receipt states it: date and time in the customer's language, in UTC, said so. */
export function receiptTime(at: number, language: Language): string {
  return longDateTime(at, language, 'UTC');
}

/** The receipt: what was cancelled, when, under which reference, and how to undo it until when. */
export function receiptMail(input: {
  provider: ProviderSettings;
  binding: ToolkitBinding;
  to: string;
  name: string;
  reference: string;
  declaredAt: number;
  undoLink: string;
  undoUntil: number;
  language: Language;
  /** The declaration was a withdrawal from the contract, not a termination. */
  withdrawal?: boolean;
}): OutgoingMail {
  const { provider, binding, language } = input;
  const i18n = i18nFor(language);
  const values = {
    name: input.name,
    provider: provider.name,
    toolkit: surveyTextIn(i18n, binding.name),
    time: receiptTime(input.declaredAt, language),
    reference: input.reference,
    until: receiptTime(input.undoUntil, language),
  };
  const greeting = i18n._('Hello {name},', values, { comment: 'Confirmation email: the greeting; {name} is the customer’s name.' });
  const reference = i18n._('Reference: {reference}', values, { comment: 'Cancellation receipt and confirmation screen: the cancellation’s reference.' });
  const { subject, done, ends, keep, undo, undoLabel } = input.withdrawal ? withdrawalTexts(i18n, values) : cancellationTexts(i18n, values);
  const team = i18n._('The {provider} team', values, { comment: 'Confirmation email: the signature.' });

  const text = [greeting, '', done, ...(ends === undefined ? [] : [ends]), reference, '', keep, '', undo, input.undoLink, '', team].join('\n');
  const e = escapeHtml;
  const html = mailDocument(language, subject, [
    `<p>${e(greeting)}</p>`,
    `<p>${e(done)}</p>`,
    ...(ends === undefined ? [] : [`<p>${e(ends)}</p>`]),
    `<p><strong>${e(reference)}</strong></p>`,
    `<p>${e(keep)}</p>`,
    `<p>${e(undo)} <a href="${e(input.undoLink)}">${e(undoLabel)}</a></p>`,
    `<p>${e(team)}</p>`,
  ]);
  return { to: input.to, subject, text, html };
}

/** The receipt's own sentences; `ends`, when the contract ends, where that is not at once (§312k (4) BGB asks for it). */
type ReceiptTexts = Record<'subject' | 'done' | 'keep' | 'undo' | 'undoLabel', string> & { ends?: string };
type ReceiptValues = Record<'name' | 'provider' | 'toolkit' | 'time' | 'reference' | 'until', string>;

/** The receipt's own sentences for a cancellation. */
function cancellationTexts(i18n: ReturnType<typeof i18nFor>, values: ReceiptValues): ReceiptTexts {
  return {
    // What happened comes first: a phone's inbox shows some 40 characters of a subject, and a long toolkit's name pushed
    // "is canceled" past them.
    subject: i18n._('Subscription canceled: {toolkit} ({reference})', values, {
      comment:
        'Cancellation receipt: the subject. Say first that the subscription is canceled, then the toolkit’s name: an inbox may show only the first 40 characters. {reference} is the cancellation’s reference, e.g. C-7K2M9Q4T.',
    }),
    done: i18n._('You canceled your {provider} {toolkit} subscription on {time}. The cancellation has taken effect.', values, {
      comment: 'Cancellation receipt: {time} is the date and time of the cancellation, e.g. 25 November 2026 at 14:03 UTC.',
    }),
    ends: i18n._('Your subscription ends at the end of the current billing period.', undefined, {
      comment: 'Cancellation receipt (screen and email): when the contract ends, after the cancellation took effect at once.',
    }),
    keep: i18n._('Keep this email as the record of your cancellation.', undefined, { comment: 'Cancellation receipt' }),
    undo: i18n._('Changed your mind? You can undo the cancellation until {until}:', values, {
      comment: 'Cancellation receipt: the undo link follows on its own line; {until} is a date and time.',
    }),
    undoLabel: i18n._('Undo the cancellation', undefined, { comment: 'Cancellation receipt: the text of the undo link (the HTML part); also the undo page’s button.' }),
  };
}

/** The receipt's own sentences for a withdrawal from the contract: the acknowledgement Art. 11a asks for. */
function withdrawalTexts(i18n: ReturnType<typeof i18nFor>, values: ReceiptValues): ReceiptTexts {
  return {
    subject: i18n._('Your withdrawal from the {toolkit} contract ({reference})', values, {
      comment: 'Withdrawal receipt: the subject. {reference} is the withdrawal’s reference, e.g. C-7K2M9Q4T.',
    }),
    done: i18n._('You withdrew from your {provider} {toolkit} subscription contract on {time}. The withdrawal has taken effect.', values, {
      comment: 'Withdrawal receipt (EU withdrawal function): {time} is the date and time of the withdrawal, e.g. 25 November 2026 at 14:03 UTC.',
    }),
    keep: i18n._('Keep this email as the record of your withdrawal.', undefined, { comment: 'Withdrawal receipt' }),
    undo: i18n._('Changed your mind? You can undo the withdrawal until {until}:', values, {
      comment: 'Withdrawal receipt: the undo link follows on its own line; {until} is a date and time.',
    }),
    undoLabel: i18n._('Undo the withdrawal', undefined, { comment: 'Withdrawal receipt: the text of the undo link (the HTML part); also the undo page’s button.' }),
  };
}

import type { ProviderSettings, ToolkitBinding, User } from '../model';
import { escapeHtml } from './html';
import type { OutgoingMail } from './mail';

/** The confirmation email: a link to the confirm page of the binding, in text and HTML. */
export function confirmationMail(input: {
  provider: ProviderSettings;
  binding: ToolkitBinding;
  user: User;
  link: string;
  validHours: number;
}): OutgoingMail {
  const { provider, binding, user, link, validHours } = input;
  const subject = `Confirm the cancellation of your ${binding.name} subscription`;
  const hours = validHours === 1 ? '1 hour' : `${validHours} hours`;
  const text = [
    `Hello ${user.name},`,
    '',
    `we received a request to cancel your ${provider.name} ${binding.name} subscription.`,
    'To confirm the cancellation, open this link:',
    '',
    link,
    '',
    `The link works once and expires in ${hours}. If you did not ask to cancel, ignore this email.`,
    `Questions? Contact ${provider.supportEmail} or visit ${provider.links.support}.`,
    '',
    `The ${provider.name} team`,
  ].join('\n');
  const e = escapeHtml;
  const html = [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8"><title>' + e(subject) + '</title></head><body>',
    `<p>Hello ${e(user.name)},</p>`,
    `<p>we received a request to cancel your ${e(provider.name)} ${e(binding.name)} subscription.</p>`,
    `<p><a href="${e(link)}">Confirm the cancellation</a></p>`,
    `<p>The link works once and expires in ${e(hours)}. If you did not ask to cancel, ignore this email.</p>`,
    `<p>Questions? Contact <a href="mailto:${e(provider.supportEmail)}">${e(provider.supportEmail)}</a>`,
    ` or visit <a href="${e(provider.links.support)}">our support page</a>.</p>`,
    `<p>The ${e(provider.name)} team</p>`,
    '</body></html>',
  ].join('\n');
  return { to: user.email, subject, text, html };
}

// The translatable texts of validation (spec §5), as Lingui descriptors keyed like the model's messages.
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { MessageKey, MessageRef } from '../model';

/** Example address quoted by the email-format message. */
const EMAIL_EXAMPLE = 'name@example.com';

/** Each validation message; the English texts are exactly src/model/messages.ts (spec §5). */
const DESCRIPTORS: Record<MessageKey, MessageDescriptor> = {
  chooseOption: msg`Please choose an option.`,
  fillField: msg`Please fill in this field.`,
  commentWithin: msg({ message: 'Please enter your comment within {count} characters.' }),
  nameRequired: msg`Please enter your name.`,
  nameWithin: msg({ message: 'Please enter your name within {count} characters.' }),
  agreeTerms: msg`Please agree to the terms first.`,
  emailRequired: msg`Please enter your email.`,
  emailFormat: msg({ message: 'Please enter your email address in the {email} format.' }),
  emailWithin: msg({ message: 'Please enter your email within {count} characters.' }),
  commentRequired: msg`Please enter a comment.`,
  chooseAtLeast: msg({ message: 'Please choose at least {count, plural, one {# option} other {# options}}.' }),
  chooseAtMost: msg({ message: 'Please choose at most {count, plural, one {# option} other {# options}}.' }),
};

/** The customer's text of a validation message, translated, with its number filled in. */
export function formatMessage(i18n: I18n, ref: MessageRef): string {
  const { id, message } = DESCRIPTORS[ref.key];
  return i18n._(id, { count: ref.count, email: EMAIL_EXAMPLE }, { message });
}

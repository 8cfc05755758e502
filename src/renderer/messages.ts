// The translatable texts of validation (spec §5), as Lingui descriptors keyed like the model's messages.
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { MessageKey, MessageRef, SpecMessageKey } from '../model';

/** A kind's own validation messages (src/renderer/kinds/), by key. */
export type KindMessageDescriptors = { [K in MessageKey]?: MessageDescriptor };

/** Example address quoted by the email-format message. */
const EMAIL_EXAMPLE = 'name@example.com';

/** Each of spec §5's messages; the English texts are exactly src/model/messages.ts. */
const DESCRIPTORS: Record<SpecMessageKey, MessageDescriptor> = {
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
};

/**
 * The customer's text of a validation message, translated, with its number filled in: one of spec
 * §5's, or one of `own`, the messages of the step's kind.
 */
export function formatMessage(i18n: I18n, ref: MessageRef, own: KindMessageDescriptors = {}): string {
  const descriptor = (DESCRIPTORS as KindMessageDescriptors)[ref.key] ?? own[ref.key];
  // A key neither knows is a gap in the compiler; the key itself shows rather than nothing.
  const { id, message } = descriptor ?? { id: ref.key, message: ref.key };
  return i18n._(id, { count: ref.count, email: EMAIL_EXAMPLE }, { message });
}

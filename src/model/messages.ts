/**
 * The validation messages of spec §5, word for word. They are the English source texts;
 * the renderer translates them and fills `{count}` and `{email}`.
 */
export const VALIDATION_MESSAGES = {
  chooseOption: 'Please choose an option.',
  fillField: 'Please fill in this field.',
  commentWithin: 'Please enter your comment within {count} characters.',
  nameRequired: 'Please enter your name.',
  nameWithin: 'Please enter your name within {count} characters.',
  agreeTerms: 'Please agree to the terms first.',
  emailRequired: 'Please enter your email.',
  emailFormat: 'Please enter your email address in the {email} format.',
  emailWithin: 'Please enter your email within {count} characters.',
  commentRequired: 'Please enter a comment.',
} as const;

/** The key of one of spec §5's messages. */
export type SpecMessageKey = keyof typeof VALIDATION_MESSAGES;

/**
 * The messages a kind of step has of its own (a multi step's 'Please choose at least …'), by key.
 * Each kind's engine module adds its keys with `declare module` and says their English texts; its
 * renderer module translates them.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface KindMessageTexts {}

/** The key of one validation message: spec §5's, or a kind's own. */
export type MessageKey = SpecMessageKey | keyof KindMessageTexts;

/** A message chosen for one failed keyword, with the number it quotes where it quotes one. */
export interface MessageRef {
  key: MessageKey;
  count?: number;
}

/**
 * The JSON Schema (draft-07) keywords that can fail on their own, so a kind's compiled schema may use
 * any of them without a list to extend; the compound ones (allOf, if, …) fail through their parts.
 */
export type ValidationKeyword =
  | 'type' | 'enum' | 'const'
  | 'multipleOf' | 'maximum' | 'exclusiveMaximum' | 'minimum' | 'exclusiveMinimum'
  | 'maxLength' | 'minLength' | 'pattern' | 'format'
  | 'maxItems' | 'minItems' | 'uniqueItems' | 'contains' | 'additionalItems'
  | 'maxProperties' | 'minProperties' | 'required' | 'additionalProperties' | 'dependencies' | 'propertyNames';

/**
 * For each field (a dotted path into the form data, such as `details.other` or `name`),
 * which message a failure of each keyword shows.
 */
export type FieldMessages = Record<string, Partial<Record<ValidationKeyword, MessageRef>>>;

import type {
  ChoiceAnswer,
  FieldMessages,
  FormField,
  JsonSchema,
  MessageRef,
  StepForm,
  TextInput,
} from '../../src/model';
import payloadSchema from '../../schemas/survey-payload.schema.json';
import { shortHash } from './canonical-json';

/** Non-blank: at least one character that is not white space, so '   ' fails like an empty box. */
export const NOT_BLANK = '\\S';

/** Read from the payload schema itself, not copied, so the form accepts exactly what the server accepts. */
export const EMAIL_PATTERN: string = payloadSchema.properties.email.pattern;

/** A step form with its validator id: the short hash of the schema, shared by identical schemas. */
export function stepForm(schema: JsonSchema, uiSchema: JsonSchema, messages: FieldMessages): StepForm {
  return { schema, uiSchema, messages, validatorId: shortHash(schema) };
}

export function maxLength(limit: number | undefined): { maxLength?: number } {
  return limit === undefined ? {} : { maxLength: limit };
}

export function within(key: 'commentWithin' | 'nameWithin' | 'emailWithin', limit: number | undefined): { maxLength?: MessageRef } {
  return limit === undefined ? {} : { maxLength: { key, count: limit } };
}

/**
 * The form of a choice step: `answer` is one of the answer ids (authored order, 'other' last) and
 * `details.<id>` holds the text of each answer with a box; the chosen answer's text is required.
 */
export function choiceStepForm(answers: readonly ChoiceAnswer[]): StepForm {
  const withInput = answers.filter((answer): answer is ChoiceAnswer & { input: TextInput } => answer.input !== undefined);
  const details: Record<string, JsonSchema> = {};
  const messages: FieldMessages = {
    answer: { required: { key: 'chooseOption' }, enum: { key: 'chooseOption' } },
  };
  for (const { id, input } of withInput) {
    // The limit applies only to the chosen answer's box (below): text left in a box the customer
    // no longer sees is not sent, so it must not hold the step up.
    details[id] = { type: 'string' };
    messages[`details.${id}`] = {
      required: { key: 'fillField' },
      pattern: { key: 'fillField' },
      ...within('commentWithin', input.maxLength),
    };
  }
  if (withInput.length > 0) {
    // When the chosen answer needs text but `details` is missing altogether, ajv reports `details` itself.
    messages.details = { required: { key: 'fillField' } };
  }
  const schema: JsonSchema = {
    type: 'object',
    required: ['answer'],
    properties: {
      answer: { type: 'string', enum: answers.map((answer) => answer.id) },
      details: { type: 'object', properties: details, additionalProperties: false },
    },
  };
  if (withInput.length > 0) {
    // JSON Schema forbids an empty allOf, so it is only there when some answer has a box.
    schema.allOf = withInput.map(({ id, input }) => ({
      if: { properties: { answer: { const: id } }, required: ['answer'] },
      then: {
        required: ['details'],
        properties: {
          details: { required: [id], properties: { [id]: { type: 'string', pattern: NOT_BLANK, ...maxLength(input.maxLength) } } },
        },
      },
    }));
  }
  return stepForm(schema, { 'ui:field': 'ChoiceStepField' }, messages);
}

/** The form of a text step: one required, non-blank `text`. */
export function textStepForm(input: TextInput): StepForm {
  const schema: JsonSchema = {
    type: 'object',
    required: ['text'],
    properties: { text: { type: 'string', pattern: NOT_BLANK, ...maxLength(input.maxLength) } },
  };
  const messages: FieldMessages = {
    text: { required: { key: 'fillField' }, pattern: { key: 'fillField' }, ...within('commentWithin', input.maxLength) },
  };
  return stepForm(schema, { 'ui:field': 'TextStepField' }, messages);
}

const WIDGETS: Record<FormField['kind'], string> = {
  name: 'LimitedTextWidget',
  email: 'ReadOnlyEmailWidget',
  comment: 'LimitedTextareaWidget',
  agreement: 'AgreementWidget',
};

/** The form of the closing form step: one property per field, in field order. */
export function formStepForm(fields: readonly FormField[]): StepForm {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  const messages: FieldMessages = {};
  const uiSchema: JsonSchema = { 'ui:order': fields.map((field) => field.id) };
  for (const field of fields) {
    const rule = fieldRule(field);
    properties[field.id] = rule.schema;
    if (rule.required) required.push(field.id);
    // An optional comment without a limit cannot fail, so it has no messages.
    if (Object.keys(rule.messages).length > 0) messages[field.id] = rule.messages;
    uiSchema[field.id] = { 'ui:widget': WIDGETS[field.kind] };
  }
  return stepForm({ type: 'object', required, properties }, uiSchema, messages);
}

interface FieldRule {
  schema: JsonSchema;
  required: boolean;
  messages: FieldMessages[string];
}

/** The schema, requirement and messages of one field of the closing form. */
function fieldRule(field: FormField): FieldRule {
  switch (field.kind) {
    case 'name':
      return {
        schema: { type: 'string', pattern: NOT_BLANK, maxLength: field.maxLength },
        required: true,
        messages: {
          required: { key: 'nameRequired' },
          pattern: { key: 'nameRequired' },
          maxLength: { key: 'nameWithin', count: field.maxLength },
        },
      };
    case 'email':
      return {
        schema: { type: 'string', pattern: EMAIL_PATTERN, maxLength: field.maxLength },
        required: true,
        messages: {
          required: { key: 'emailRequired' },
          pattern: { key: 'emailFormat' },
          maxLength: { key: 'emailWithin', count: field.maxLength },
        },
      };
    case 'comment':
      return {
        schema: { type: 'string', ...(field.required ? { pattern: NOT_BLANK } : {}), ...maxLength(field.maxLength) },
        required: field.required,
        messages: {
          // A required comment box on the closing form gets 'Please enter a comment.': spec §5 lists that
          // message without a rule, and 'Please fill in this field.' belongs to the boxes under answers.
          ...(field.required ? { required: { key: 'commentRequired' }, pattern: { key: 'commentRequired' } } : {}),
          ...within('commentWithin', field.maxLength),
        },
      };
    case 'agreement':
      return {
        schema: { type: 'boolean', const: true },
        required: true,
        messages: { required: { key: 'agreeTerms' }, const: { key: 'agreeTerms' } },
      };
  }
}

// Maps RJSF validation errors to the spec §5 messages the compiled step names for each field.
import type { RJSFValidationError } from '@rjsf/utils';
import { kindMessageText } from '../engine';
import { VALIDATION_MESSAGES, type FieldMessages, type MessageKey, type MessageRef, type ValidationKeyword } from '../model';

/** Keywords that only say a sub-schema failed; the sub-schema's own error says which field. */
const COMPOUND_KEYWORDS = new Set(['if', 'then', 'else', 'allOf', 'anyOf', 'oneOf', 'not']);

/** The dotted path of the field an error is about: '.details.other' → 'details.other'. */
export function errorPath(error: Pick<RJSFValidationError, 'property'>): string {
  return (error.property ?? '').replace(/^\./, '');
}

/** The element id RJSF gives the field at `path` (idPrefix 'root', separator '_'). */
export function fieldId(path: string): string {
  return path === '' ? 'root' : `root_${path.split('.').join('_')}`;
}

/** The message a failed keyword shows, with the number it quotes taken from the schema when the ref has none. */
export function messageRefFor(error: RJSFValidationError, messages: FieldMessages): MessageRef | null {
  const ref = messages[errorPath(error)]?.[error.name as ValidationKeyword];
  if (!ref) return null;
  const limit = (error.params as { limit?: unknown } | undefined)?.limit;
  return ref.count === undefined && typeof limit === 'number' ? { ...ref, count: limit } : ref;
}

/** The English text of a message, `{count}` filled: the source text the catalogs translate. */
export function englishMessage(ref: MessageRef): string {
  const text = (VALIDATION_MESSAGES as Partial<Record<MessageKey, string>>)[ref.key] ?? kindMessageText(ref.key) ?? ref.key;
  return text.replace('{count}', String(ref.count ?? ''));
}

export interface ErrorMapping {
  messages: FieldMessages;
  /** The customer's text of a message (translated, `{count}` filled). */
  format: (ref: MessageRef) => string;
  /** Called for an error the compiled messages do not cover: a gap in the compiler, not the customer's doing. */
  onUnmapped?: (error: RJSFValidationError) => void;
  /** The top-level fields in page order, so the summary lists errors as the fields appear. */
  fieldOrder?: readonly string[];
  /** Whether the field at a path is out of sight (the box of an answer not chosen): its errors do not count. */
  isHidden?: (path: string) => boolean;
}

/**
 * Whether `path` is the text box of a choice step's answer other than the chosen one. Its text is
 * kept for when the customer comes back to that answer, but is neither sent nor checked.
 */
export function isUnchosenDetail(path: string, formData: unknown): boolean {
  if (!path.startsWith('details.')) return false;
  const data = formData as { answer?: unknown; answers?: unknown } | null | undefined;
  // A choice has one chosen answer, a multi step a list of them.
  const chosen: unknown[] = Array.isArray(data?.answers) ? data.answers : [data?.answer];
  return !chosen.some((answer) => path === `details.${String(answer)}`);
}

/** The top-level fields of a step's form in the order the page shows them. */
export function fieldOrder(schema: { properties?: unknown }, uiSchema: { 'ui:order'?: unknown }): string[] {
  const order = uiSchema['ui:order'];
  if (Array.isArray(order)) return order.filter((name): name is string => typeof name === 'string');
  return typeof schema.properties === 'object' && schema.properties !== null ? Object.keys(schema.properties) : [];
}

/**
 * RJSF's `transformErrors`: one error per field (the first ajv reports), its message the spec's,
 * in the order the fields appear. Compound keywords are dropped, since the failing sub-schema
 * reports its own error. An unmapped error still blocks the step, with 'Please fill in this
 * field.' and a report.
 */
export function transformErrors(errors: RJSFValidationError[], mapping: ErrorMapping): RJSFValidationError[] {
  const seen = new Set<string>();
  const result: RJSFValidationError[] = [];
  for (const error of errors) {
    if (COMPOUND_KEYWORDS.has(error.name ?? '')) continue;
    const path = errorPath(error);
    if (seen.has(path) || mapping.isHidden?.(path)) continue;
    seen.add(path);
    let ref = messageRefFor(error, mapping.messages);
    if (!ref) {
      mapping.onUnmapped?.(error);
      ref = { key: 'fillField' };
    }
    const message = mapping.format(ref);
    result.push({ ...error, property: path === '' ? error.property : `.${path}`, message, stack: message });
  }
  const order = mapping.fieldOrder ?? [];
  const rank = (error: RJSFValidationError) => {
    const index = order.indexOf(errorPath(error).split('.')[0] ?? '');
    return index < 0 ? order.length : index;
  };
  return result.map((error, index) => ({ error, index })).sort((a, b) => rank(a.error) - rank(b.error) || a.index - b.index).map(({ error }) => error);
}

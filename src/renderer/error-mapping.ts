// Maps RJSF validation errors to the spec §5 messages the compiled step names for each field.
import type { RJSFValidationError } from '@rjsf/utils';
import { VALIDATION_MESSAGES, type FieldMessages, type MessageRef, type ValidationKeyword } from '../model';

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
  return VALIDATION_MESSAGES[ref.key].replace('{count}', String(ref.count ?? ''));
}

export interface ErrorMapping {
  messages: FieldMessages;
  /** The customer's text of a message (translated, `{count}` filled). */
  format: (ref: MessageRef) => string;
  /** Called for an error the compiled messages do not cover: a gap in the compiler, not the customer's doing. */
  onUnmapped?: (error: RJSFValidationError) => void;
}

/**
 * RJSF's `transformErrors`: one error per field (the first, in schema order), its message the
 * spec's. Compound keywords are dropped, since the failing sub-schema reports its own error. An
 * unmapped error still blocks the step, with 'Please fill in this field.' and a report.
 */
export function transformErrors(errors: RJSFValidationError[], mapping: ErrorMapping): RJSFValidationError[] {
  const seen = new Set<string>();
  const result: RJSFValidationError[] = [];
  for (const error of errors) {
    if (COMPOUND_KEYWORDS.has(error.name ?? '')) continue;
    const path = errorPath(error);
    if (seen.has(path)) continue;
    seen.add(path);
    let ref = messageRefFor(error, mapping.messages);
    if (!ref) {
      mapping.onUnmapped?.(error);
      ref = { key: 'fillField' };
    }
    const message = mapping.format(ref);
    result.push({ ...error, property: path === '' ? error.property : `.${path}`, message, stack: message });
  }
  return result;
}

// The parts of a survey block that several kinds of step read: answers, text boxes, fields, audiences.
import { isProviderLinkName, PAYLOAD_SLOTS } from '../../src/model';
import type { AnswerTip, AudienceRule, PayloadSlot } from '../../src/model';
import type { YamlPath } from './load-yaml';
import { asBlock, named, text } from './read-helpers';
import type { AnswerDef, FieldDef, FieldKind, OtherDef, TextBoxDef } from './survey-def';

/** An answer block; undefined when it has no id. */
export function readAnswer(value: unknown, path: YamlPath): AnswerDef | undefined {
  const block = asBlock(value);
  const id = block && named(block, 'id', path);
  if (!block || !id) return undefined;
  return {
    id,
    text: text(block.text) ?? '',
    next: named(block, 'next', path),
    audience: audience(block.audience),
    input: readTextBox(block.input, [...path, 'input']),
    tip: readTip(block.tip),
  };
}

/** An answer's tip; the schema check has already refused one without its text, link or label. */
function readTip(value: unknown): AnswerTip | undefined {
  const block = asBlock(value);
  const tipText = block && text(block.text);
  const label = block && text(block.label);
  const link = block?.link;
  if (!tipText || !label || typeof link !== 'string' || !isProviderLinkName(link)) return undefined;
  return { text: tipText, link, label };
}

/** An `other:` block: its text box and where 'Other' leads. */
export function readOther(value: unknown, path: YamlPath): OtherDef | undefined {
  const box = readTextBox(value, path);
  const block = asBlock(value);
  if (!box || !block) return undefined;
  return { ...box, next: named(block, 'next', path), path };
}

/** A text box: label, placeholder and the name of its limit. */
export function readTextBox(value: unknown, path: YamlPath): TextBoxDef | undefined {
  const block = asBlock(value);
  if (!block) return undefined;
  return { label: text(block.label) ?? '', placeholder: text(block.placeholder), limit: named(block, 'limit', path) };
}

const FIELD_KINDS: readonly string[] = ['name', 'email', 'comment', 'agreement'] satisfies FieldKind[];

/** A field of the closing form; undefined when it is not one of the field kinds. */
export function readField(value: unknown, path: YamlPath): FieldDef | undefined {
  const block = asBlock(value);
  const id = block && named(block, 'id', path);
  if (!block || !id || typeof block.type !== 'string' || !FIELD_KINDS.includes(block.type)) return undefined;
  return {
    id,
    kind: block.type as FieldKind,
    label: text(block.label) ?? '',
    audience: audience(block.audience),
    required: block.required === true,
    placeholder: text(block.placeholder),
    notice: text(block.notice),
    limit: named(block, 'limit', path),
    slot: typeof block.slot === 'string' && isSlot(block.slot) ? block.slot : undefined,
  };
}

/** The value when it is a whole number. */
export function integer(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) ? value : undefined;
}

/** Who sees a step, answer or field: `trial`, `paid`, or everyone. */
export function audience(value: unknown): AudienceRule {
  return value === 'trial' || value === 'paid' ? value : 'all';
}

function isSlot(value: string): value is PayloadSlot {
  return (PAYLOAD_SLOTS as readonly string[]).includes(value);
}

/** The payload slot a step writes; step 1's where the file names none (the schema check reports that). */
export function slot(value: unknown): PayloadSlot {
  return typeof value === 'string' && isSlot(value) ? value : 'first_question';
}

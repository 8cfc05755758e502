import { AUDIENCES } from '../../../src/model';
import type { FormField, PayloadSlot } from '../../../src/model';
import { formStepForm } from '../compile-step-schema';
import { asList, checked, text } from '../read-helpers';
import { readField } from '../read-parts';
import type { FieldDef, FieldKind, StepDefBase } from '../survey-def';
import { visibleTo } from '../survey-def';
import { compiledBase } from './base';
import type { CompileContext, CompilerKind, ReferenceContext } from './kind';
import { upTo, type NodeRow } from './picture';

/** A field as the flow picture lists it. */
function fieldText(field: FormField): string {
  switch (field.kind) {
    case 'name':
      return `${field.label} (name${upTo(field.maxLength)})`;
    case 'email':
      return `${field.label} (email, read-only)`;
    case 'comment':
      return `${field.label} (text, ${field.required ? 'required' : 'optional'}${upTo(field.maxLength)})`;
    case 'agreement':
      return `${field.label} (checkbox, required)`;
  }
}

function compileField(field: FieldDef, stepSlot: PayloadSlot, context: CompileContext): FormField {
  const id = field.id.name;
  switch (field.kind) {
    case 'name':
      return { kind: 'name', id, label: field.label, maxLength: checked(context.limit(field.limit), 'limit') };
    case 'email':
      return { kind: 'email', id, label: field.label, maxLength: checked(context.limit(field.limit), 'limit'), readOnly: true };
    case 'comment':
      return {
        kind: 'comment',
        id,
        label: field.label,
        required: field.required,
        maxLength: context.limit(field.limit),
        placeholder: field.placeholder,
        slot: field.slot ?? stepSlot,
      };
    case 'agreement':
      return { kind: 'agreement', id, label: field.label, ...(field.notice === undefined ? {} : { notice: field.notice }) };
  }
}

/**
 * The fields the survey payload takes from the closing form, and what goes wrong without one (src/engine/payload.ts).
 * The email is not among them: the payload's email is always the user's own.
 */
const PAYLOAD_FIELDS: readonly { kind: FieldKind; without: string }[] = [
  { kind: 'name', without: "the payload's name would be empty, and the server refuses every submission" },
  { kind: 'agreement', without: 'accepted_terms would record a consent that was never asked' },
];

/**
 * Reports, at `fields`, each payload field the form lacks for an audience that reaches it (a form with no
 * fields at all for an audience is `empty-step` instead).
 */
function checkPayloadFields(step: FormStepDef, refs: ReferenceContext): void {
  const shown = AUDIENCES.filter(
    (audience) => visibleTo(step.audience, audience) && step.fields.some((field) => visibleTo(field.audience, audience)),
  );
  for (const { kind, without } of PAYLOAD_FIELDS) {
    const lacking = shown.filter((audience) => !step.fields.some((field) => field.kind === kind && visibleTo(field.audience, audience)));
    if (lacking.length === 0) continue;
    const message = `the closing form '${step.id.name}' has no ${kind} field for ${lacking.join(' and ')} users: ${without}; add a field of type: ${kind}`;
    refs.report([...step.path, 'fields'], 'missing-field', message, 'key');
  }
}

export interface FormStepDef extends StepDefBase {
  type: 'form';
  submit: string;
  fields: FieldDef[];
}

declare module '../survey-def' {
  interface StepDefByType {
    form: FormStepDef;
  }
}

/** The closing form: name, read-only email, comments and the agreement; submitting it ends the survey. */
export const formKind: CompilerKind<'form'> = {
  read: (block, base) => ({
    ...base,
    type: 'form',
    submit: text(block.submit) ?? '',
    fields: asList(block.fields).flatMap((field, index) => {
      const def = readField(field, [...base.path, 'fields', index]);
      return def ? [def] : [];
    }),
  }),
  edges: () => [],
  checkReferences(step, refs) {
    refs.checkRepeats(step.fields.map((field) => field.id), 'duplicate-field', 'field');
    for (const field of step.fields) refs.checkLimit(field.limit);
    checkPayloadFields(step, refs);
  },
  emptyFor: (step, audience) =>
    step.fields.some((field) => visibleTo(field.audience, audience))
      ? undefined
      : { path: [...step.path, 'fields'], message: `step '${step.id.name}' has no fields for ${audience} users` },
  fillers: (step, audience) =>
    step.fields
      // A repeated field id is reported as duplicate-field; its slot is not a second mistake.
      .filter((field, index) => step.fields.findIndex((other) => other.id.name === field.id.name) === index)
      .filter((field) => field.kind === 'comment' && visibleTo(field.audience, audience))
      .map((field) => {
        const block = field.id.path.slice(0, -1);
        return {
          slot: field.slot ?? step.slot,
          kind: 'comment',
          path: field.slot === undefined ? field.id.path : [...block, 'slot'],
          what: `the comment '${field.id.name}' of step '${step.id.name}'`,
        };
      }),
  compile(step, context) {
    const fields = step.fields.filter((field) => visibleTo(field.audience, context.audience)).map((field) => compileField(field, step.slot, context));
    return {
      type: 'form',
      ...compiledBase(step, step.submit),
      fields,
      submit: step.submit,
      form: formStepForm(fields),
    };
  },
  texts: (step) => [step.heading, ...step.fields.flatMap((field) => [field.label, 'placeholder' in field ? field.placeholder : undefined, 'notice' in field ? field.notice : undefined]), step.submit],
  picture: {
    type: 'final form',
    name: 'final form: the closing form and its fields',
    shape: 'box3d',
    style: 'filled',
    fill: '#e9f5ec',
    border: '#3a7d4c',
    rows: (step, node) => [
      { kind: 'title', text: step.heading ?? 'Closing form' },
      ...step.fields.map(
        (field): NodeRow => ({ kind: 'item', text: fieldText(field), only: node.fieldOnly[field.id], bullet: field.kind === 'agreement' ? '☐' : undefined }),
      ),
      { kind: 'detail', text: `button: ${step.submit}` },
    ],
  },
};

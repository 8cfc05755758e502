import type { RJSFValidationError } from '@rjsf/utils';
import { describe, expect, it, vi } from 'vitest';
import { englishMessage, fieldId, fieldOrder, isUnchosenDetail, transformErrors } from '../../../src/renderer/error-mapping';
import { isStepOfType, type CompiledStep, type FormBearingStep, type FormStep } from '../../../src/model';
import { cancellationSurvey, compiledBundle } from '../engine/compiled';

/** A step that carries a form (every kind but an offer); throws on any other. */
function withForm(step: CompiledStep | undefined): FormBearingStep {
  if (!step || isStepOfType(step, 'offer')) throw new Error(`not a step with a form: ${step?.id ?? 'none'}`);
  return step;
}

/** The closing form step; throws on any other. */
function formStep(step: CompiledStep | undefined): FormStep {
  if (!isStepOfType(step, 'form')) throw new Error(`not a closing form: ${step?.id ?? 'none'}`);
  return step;
}

const paid = cancellationSurvey().audiences.paid.steps;
const mapping = (messages = withForm(paid.reason).form.messages, onUnmapped = vi.fn()) => ({ messages, format: englishMessage, onUnmapped });
const error = (property: string, name: string, params: Record<string, unknown> = {}): RJSFValidationError => ({
  property,
  name,
  params,
  message: 'ajv says no',
  stack: 'ajv says no',
});

describe('transformErrors', () => {
  it('gives each failed keyword the spec §5 message the compiled step names', () => {
    const final = formStep(paid.final);
    const messages = transformErrors(
      [error('name', 'required'), error('.name', 'maxLength', { limit: 80 }), error('agreement', 'required'), error('.agreement', 'const')],
      mapping(final.form.messages),
    ).map((e) => `${e.property}: ${e.message}`);
    expect(messages).toEqual(['.name: Please enter your name.', '.agreement: Please agree to the terms first.']);
  });

  it('lists errors in the order the fields appear, whatever order ajv found them in', () => {
    const final = formStep(paid.final);
    const mapped = transformErrors([error('agreement', 'required'), error('.name', 'pattern')], {
      ...mapping(final.form.messages),
      fieldOrder: fieldOrder(final.form.schema, final.form.uiSchema),
    });
    expect(mapped.map((e) => e.message)).toEqual(['Please enter your name.', 'Please agree to the terms first.']);
  });

  it('fills {count} from the compiled limit', () => {
    const [mapped] = transformErrors([error('.details.other', 'maxLength', { limit: 1500 })], mapping());
    expect(mapped?.message).toBe('Please enter your comment within 1500 characters.');
    const text = withForm(paid['other-services']).form.messages;
    expect(transformErrors([error('.text', 'maxLength', { limit: 250 })], mapping(text))[0]?.message).toBe(
      'Please enter your comment within 250 characters.',
    );
  });

  it('drops the if/then wrapper errors and keeps the field’s own', () => {
    const mapped = transformErrors([error('.details.other', 'required'), error('', 'if')], mapping());
    expect(mapped.map((e) => [e.property, e.message])).toEqual([['.details.other', 'Please fill in this field.']]);
  });

  it('ignores the text of an answer that is not chosen (its box is hidden)', () => {
    const data = { answer: 'not-meeting-needs', details: { other: 'x'.repeat(1501) } };
    const mapped = transformErrors([error('.details.other', 'maxLength', { limit: 1500 })], {
      ...mapping(),
      isHidden: (path) => isUnchosenDetail(path, data),
    });
    expect(mapped).toEqual([]);
    expect(isUnchosenDetail('details.other', { answer: 'other' })).toBe(false);
    expect(isUnchosenDetail('answer', { answer: 'other' })).toBe(false);
  });

  it('asks for an option when none is chosen', () => {
    expect(transformErrors([error('answer', 'required')], mapping())[0]?.message).toBe('Please choose an option.');
  });

  it('still blocks, and reports, an error the compiled messages do not cover', () => {
    const onUnmapped = vi.fn();
    const mapped = transformErrors([error('.mystery', 'minimum')], mapping(undefined, onUnmapped));
    expect(mapped[0]?.message).toBe('Please fill in this field.');
    expect(onUnmapped).toHaveBeenCalledOnce();
  });

  it('covers every message of the growth-kit form', () => {
    const request = formStep(compiledBundle().surveys['growth-kit']?.audiences.paid.steps.request);
    expect(transformErrors([error('reason', 'required')], mapping(request.form.messages))[0]?.message).toBe('Please enter a comment.');
  });
});

describe('fieldId', () => {
  it('names the element RJSF gives the field', () => {
    expect(fieldId('name')).toBe('root_name');
    expect(fieldId('details.needs-improvements')).toBe('root_details_needs-improvements');
  });
});

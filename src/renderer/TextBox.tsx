import type { ChangeEvent, ReactNode } from 'react';
import { CharacterCount, countHintId } from './CharacterCount';
import { describedBy, ErrorMessage, errorId } from './ErrorMessage';

export interface TextBoxProps {
  id: string;
  name?: string;
  label: ReactNode;
  /** Wraps the label in the page heading (a text step asks its question as the h1). */
  labelAsHeading?: { id: string };
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  placeholder?: string;
  limit?: number;
  error?: string;
  multiline?: boolean;
  autoComplete?: string;
}

/**
 * A labelled text input or textarea with its inline error and, when limited, a character count.
 * No maxLength attribute: a paste past the limit is shown and counted, never cut (GOV.UK).
 */
export function TextBox(props: TextBoxProps) {
  const { id, name = id, label, labelAsHeading, value, onChange, placeholder, limit, error, multiline, autoComplete } = props;
  const change = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    onChange(event.target.value === '' ? undefined : event.target.value);
  const control = {
    id,
    name,
    value: value ?? '',
    onChange: change,
    placeholder,
    'aria-describedby': describedBy(limit !== undefined && countHintId(id), error && errorId(id)),
    'aria-invalid': error ? true : undefined,
  };
  const labelElement = (
    <label className={labelAsHeading ? 'label label--heading' : 'label'} htmlFor={id}>
      {label}
    </label>
  );
  return (
    <div className={error ? 'form-group form-group--error' : 'form-group'}>
      {labelAsHeading ? (
        <h1 id={labelAsHeading.id} tabIndex={-1} className="label-wrapper">
          {labelElement}
        </h1>
      ) : (
        labelElement
      )}
      <ErrorMessage id={errorId(id)} message={error} />
      {multiline ? (
        <textarea {...control} rows={5} className={error ? 'textarea textarea--error' : 'textarea'} />
      ) : (
        <input {...control} type="text" autoComplete={autoComplete} spellCheck={false} className={error ? 'input input--error' : 'input'} />
      )}
      {limit !== undefined && <CharacterCount fieldId={id} value={value} limit={limit} />}
    </div>
  );
}

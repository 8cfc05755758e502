import { Trans } from '@lingui/react/macro';
import { useEffect, useRef, type MouseEvent } from 'react';

/** One message of the summary and the id of the control it links to. */
export interface SummaryError {
  fieldId: string;
  message: string;
  /** Tells apart two messages of the same field. */
  key?: string;
}

/** Moves focus to the field an error summary link names, and its label into view (GOV.UK). */
function focusField(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const field = document.getElementById(id);
  if (!field) return;
  event.preventDefault();
  const legendOrLabel = field.closest('fieldset')?.querySelector('legend') ?? document.querySelector(`label[for="${id}"]`);
  (legendOrLabel ?? field).scrollIntoView();
  field.focus({ preventScroll: true });
}

/**
 * The error summary at the top of a step (GOV.UK): it takes focus whenever `submitCount` changes
 * (every failed submit), and each message links to its field.
 */
export function ErrorSummary({ errors, submitCount }: { errors: SummaryError[]; submitCount: number }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, [submitCount]);
  return (
    <div ref={ref} className="error-summary" role="alert" tabIndex={-1} aria-labelledby="error-summary-title">
      <h2 id="error-summary-title" className="error-summary__title">
        <Trans>There is a problem</Trans>
      </h2>
      <ul className="error-summary__list">
        {errors.map((error) => (
          <li key={`${error.fieldId}:${error.key ?? ''}`}>
            <a href={`#${error.fieldId}`} onClick={(event) => focusField(event, error.fieldId)}>
              {error.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

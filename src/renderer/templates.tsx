import { Trans } from '@lingui/react/macro';
import type { ErrorListProps, FieldTemplateProps, ObjectFieldTemplateProps } from '@rjsf/utils';
import { useEffect, useRef, type MouseEvent } from 'react';
import { stepContext } from './context';
import { errorPath, fieldId } from './error-mapping';
import { StepIntro } from './StepIntro';

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
 * The error summary at the top of the step (GOV.UK): it takes focus after every failed submit,
 * and each message links to its field.
 */
export function ErrorListTemplate({ errors, registry }: ErrorListProps) {
  const { submitCount } = stepContext(registry);
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
        {errors.map((error) => {
          const id = fieldId(errorPath(error));
          return (
            <li key={`${id}:${error.name ?? ''}`}>
              <a href={`#${id}`} onClick={(event) => focusField(event, id)}>
                {error.message}
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** Fields render their own label, hint and error (see the widgets), so the field wrapper adds nothing. */
export function FieldTemplate({ children, hidden }: FieldTemplateProps) {
  return hidden ? <div className="visually-hidden">{children}</div> : children;
}

/** The closing form: the step's caption and heading, then its fields in order. */
export function ObjectFieldTemplate({ properties, registry }: ObjectFieldTemplateProps) {
  const context = stepContext(registry);
  return (
    <>
      <StepIntro context={context} />
      {properties.map((property) => (property.hidden ? null : <div key={property.name}>{property.content}</div>))}
    </>
  );
}

/** Nothing: inline errors belong to the widgets, which link them with aria-describedby. */
export function FieldErrorTemplate() {
  return null;
}

/** Nothing: the step's texts come from the compiled model, not from schema titles and descriptions. */
export function Nothing() {
  return null;
}

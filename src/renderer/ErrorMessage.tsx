import { Trans } from '@lingui/react/macro';

/** An inline validation message, linked to its control by `id` through aria-describedby. */
export function ErrorMessage({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="error-message">
      <span className="visually-hidden">
        <Trans>Error:</Trans>{' '}
      </span>
      {message}
    </p>
  );
}

/** The id of a field's inline error. */
export const errorId = (fieldId: string) => `${fieldId}__error`;

/** Joins the ids a control is described by, skipping the absent ones. */
export const describedBy = (...ids: (string | false | undefined | null)[]) => ids.filter(Boolean).join(' ') || undefined;

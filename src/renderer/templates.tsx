import type { ErrorListProps, FieldTemplateProps, ObjectFieldTemplateProps } from '@rjsf/utils';
import { stepContext } from './context';
import { errorPath, fieldId } from './error-mapping';
import { ErrorSummary } from './ErrorSummary';
import { StepIntro } from './StepIntro';

/** RJSF's error list as our error summary: it takes focus after every failed submit. */
export function ErrorListTemplate({ errors, registry }: ErrorListProps) {
  const { submitCount } = stepContext(registry);
  const summary = errors.map((error) => ({ fieldId: fieldId(errorPath(error)), message: error.message ?? '', key: error.name }));
  return <ErrorSummary errors={summary} submitCount={submitCount} />;
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

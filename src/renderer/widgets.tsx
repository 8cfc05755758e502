import { Trans } from '@lingui/react/macro';
import type { WidgetProps } from '@rjsf/utils';
import { formFieldOf, stepContext } from './context';
import { describedBy, ErrorMessage, errorId } from './ErrorMessage';
import { TextBox } from './TextBox';

const limitOf = (props: WidgetProps) => (typeof props.schema.maxLength === 'number' ? props.schema.maxLength : undefined);

/** The field's label from the compiled model (the schemas carry no titles), translated. */
function labelOf(props: WidgetProps): string {
  const { translate } = stepContext(props.registry);
  return translate(formFieldOf(props.registry, props.name)?.label ?? props.label);
}

function placeholderOf(props: WidgetProps): string | undefined {
  const field = formFieldOf(props.registry, props.name);
  const placeholder = field?.kind === 'comment' ? field.placeholder : undefined;
  return placeholder ? stepContext(props.registry).translate(placeholder) : undefined;
}

function Label({ props }: { props: WidgetProps }) {
  return (
    <>
      {labelOf(props)}
      {!props.required && (
        <span className="label__optional">
          {' '}
          <Trans>(optional)</Trans>
        </span>
      )}
    </>
  );
}

function LimitedBox({ props, multiline }: { props: WidgetProps; multiline: boolean }) {
  return (
    <TextBox
      id={props.id}
      name={props.htmlName ?? props.id}
      label={<Label props={props} />}
      value={typeof props.value === 'string' ? props.value : undefined}
      onChange={(value) => props.onChange(value)}
      placeholder={placeholderOf(props)}
      limit={limitOf(props)}
      error={props.rawErrors?.[0]}
      multiline={multiline}
      autoComplete={multiline ? undefined : 'name'}
    />
  );
}

/** A one-line text box with a character count that never blocks typing (the name). */
export function LimitedTextWidget(props: WidgetProps) {
  return <LimitedBox props={props} multiline={false} />;
}

/** A multi-line text box with a character count that never blocks typing (comments). */
export function LimitedTextareaWidget(props: WidgetProps) {
  return <LimitedBox props={props} multiline />;
}

/** The contact email: the user's own, shown read-only (spec §5). */
export function ReadOnlyEmailWidget(props: WidgetProps) {
  return (
    <div className="form-group">
      <label className="label" htmlFor={props.id}>
        {labelOf(props)}
      </label>
      <input
        id={props.id}
        name={props.htmlName ?? props.id}
        className="input input--readonly"
        type="email"
        value={typeof props.value === 'string' ? props.value : ''}
        readOnly
        spellCheck={false}
        autoComplete="email"
      />
    </div>
  );
}

/** The required agreement: one checkbox with its label beside it. */
export function AgreementWidget(props: WidgetProps) {
  const error = props.rawErrors?.[0];
  return (
    <div className={error ? 'form-group form-group--error' : 'form-group'}>
      <ErrorMessage id={errorId(props.id)} message={error} />
      <div className="checkboxes__item">
        <input
          className="checkboxes__input"
          id={props.id}
          name={props.htmlName ?? props.id}
          type="checkbox"
          checked={props.value === true}
          onChange={(event) => props.onChange(event.target.checked ? true : undefined)}
          aria-describedby={describedBy(error && errorId(props.id))}
          aria-invalid={error ? true : undefined}
        />
        <label className="checkboxes__label" htmlFor={props.id}>
          {labelOf(props)}
        </label>
      </div>
    </div>
  );
}

/** The agreement where a cancellation policy makes it information, not a gate: its fact told, as a notice (the checker requires one). */
export function AgreementNoticeWidget(props: WidgetProps) {
  const field = formFieldOf(props.registry, props.name);
  const notice = field?.kind === 'agreement' ? field.notice : undefined;
  return (
    <div className="form-group">
      <p id={props.id} className="inset-text">
        {notice === undefined ? labelOf(props) : stepContext(props.registry).translate(notice)}
      </p>
    </div>
  );
}

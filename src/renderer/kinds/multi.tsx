import { msg } from '@lingui/core/macro';
import type { FieldProps } from '@rjsf/utils';
import { Fragment } from 'react';
import type { MultiData } from '../../engine/kinds/multi';
import type { MultiStep } from '../../model';
import { stepContext } from '../context';
import { describedBy, ErrorMessage, errorId } from '../ErrorMessage';
import { QuestionLegend } from '../QuestionLegend';
import { StepIntro } from '../StepIntro';
import { TextBox } from '../TextBox';
import type { StepRenderer } from './renderer';

/**
 * A multi step: checkboxes in a fieldset whose legend is the question, and under a ticked answer that
 * takes text ('Other') its box (GOV.UK checkboxes with a conditional reveal).
 * Form data: `{ answers: [answerId], details: { [answerId]: text } }`.
 */
export function MultiStepField(props: FieldProps) {
  const { registry, fieldPathId, errorSchema, onChange } = props;
  const context = stepContext(registry);
  const step = context.step as MultiStep;
  const { translate } = context;
  const data = (props.formData ?? {}) as MultiData;
  const ticked = data.answers ?? [];
  const base = fieldPathId.$id;
  const groupId = `${base}_answers`;
  const answersError = errorSchema?.answers?.__errors?.[0];
  const detailErrors = (errorSchema?.details ?? {}) as Record<string, { __errors?: string[] } | undefined>;
  const toggle = (id: string, on: boolean) => {
    const next = step.answers.map((a) => a.id).filter((a) => (a === id ? on : ticked.includes(a)));
    onChange(next, [...fieldPathId.path, 'answers']);
  };
  return (
    <>
      <StepIntro context={context} />
      <div className={answersError ? 'form-group form-group--error' : 'form-group'}>
        <fieldset className="fieldset" aria-describedby={describedBy(answersError && errorId(groupId))}>
          <QuestionLegend question={translate(step.question)} context={context} />
          <ErrorMessage id={errorId(groupId)} message={answersError} />
          <div className="checkboxes">
            {step.answers.map((answer, index) => {
              const id = index === 0 ? groupId : `${groupId}-${answer.id}`;
              const on = ticked.includes(answer.id);
              const boxId = `${base}_details_${answer.id}`;
              return (
                <Fragment key={answer.id}>
                  <div className="checkboxes__item">
                    <input
                      className="checkboxes__input"
                      id={id}
                      type="checkbox"
                      value={answer.id}
                      checked={on}
                      onChange={(event) => toggle(answer.id, event.target.checked)}
                      aria-controls={answer.input ? `${boxId}__reveal` : undefined}
                    />
                    <label className="checkboxes__label" htmlFor={id}>
                      {translate(answer.text)}
                    </label>
                  </div>
                  {answer.input && (
                    <div className="radios__conditional" id={`${boxId}__reveal`} hidden={!on}>
                      {on && (
                        <TextBox
                          id={boxId}
                          label={translate(answer.input.label)}
                          value={data.details?.[answer.id]}
                          onChange={(text) => onChange(text, [...fieldPathId.path, 'details', answer.id])}
                          placeholder={answer.input.placeholder && translate(answer.input.placeholder)}
                          limit={answer.input.maxLength}
                          error={detailErrors[answer.id]?.__errors?.[0]}
                          multiline
                        />
                      )}
                    </div>
                  )}
                </Fragment>
              );
            })}
          </div>
        </fieldset>
      </div>
    </>
  );
}

/**
 * A multi step renders through its field: checkboxes, each answer's box under it. Its own messages
 * for `min` and `max`; the English texts are exactly its engine module's.
 */
export const multiRenderer = {
  field: 'MultiStepField',
  component: MultiStepField,
  messages: {
    chooseAtLeast: msg({ message: 'Please choose at least {count, plural, one {# option} other {# options}}.' }),
    chooseAtMost: msg({ message: 'Please choose at most {count, plural, one {# option} other {# options}}.' }),
  },
} satisfies StepRenderer;

/** The checkboxes' spacing (the boxes themselves are the stylesheet's, shared with the form's agreement), gathered into the app's stylesheet by the build (scripts/kinds/kind-styles.ts). */
export const styles = /* css */ `
.checkboxes .checkboxes__item + .checkboxes__item { margin-top: 10px; }
`;

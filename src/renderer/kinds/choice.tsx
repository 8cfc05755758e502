import type { FieldProps } from '@rjsf/utils';
import { Fragment } from 'react';
import type { ChoiceData } from '../../engine/kinds/choice';
import type { ChoiceStep } from '../../model';
import { stepContext } from '../context';
import { describedBy, ErrorMessage, errorId } from '../ErrorMessage';
import { QuestionLegend } from '../QuestionLegend';
import { StepIntro } from '../StepIntro';
import { TextBox } from '../TextBox';
import type { StepRenderer } from './renderer';

/**
 * A choice step: its radios in a fieldset whose legend is the question (the page heading when the
 * step has none), in this visit's order, and under the chosen answer that takes text its box
 * (GOV.UK radios with a conditional reveal). Form data: `{ answer, details: { [answerId]: text } }`.
 */
export function ChoiceStepField(props: FieldProps) {
  const { registry, fieldPathId, errorSchema, onChange } = props;
  const context = stepContext(registry);
  const { answers, translate, links } = context;
  const step = context.step as ChoiceStep;
  const data = (props.formData ?? {}) as ChoiceData;
  const base = fieldPathId.$id;
  const path = fieldPathId.path;
  const groupId = `${base}_answer`;
  const answerError = errorSchema?.answer?.__errors?.[0];
  const detailErrors = (errorSchema?.details ?? {}) as Record<string, { __errors?: string[] } | undefined>;
  const question = translate(step.question);
  // The first radio carries the group's id, so the error summary's link lands on the group.
  const radioId = (index: number, answerId: string) => (index === 0 ? groupId : `${groupId}-${answerId}`);

  return (
    <>
      <StepIntro context={context} />
      <div className={answerError ? 'form-group form-group--error' : 'form-group'}>
        <fieldset className="fieldset" aria-describedby={describedBy(answerError && errorId(groupId))}>
          <QuestionLegend question={question} context={context} />
          <ErrorMessage id={errorId(groupId)} message={answerError} />
          <div className="radios">
            {answers.map((answer, index) => {
              const id = radioId(index, answer.id);
              const chosen = data.answer === answer.id;
              const revealed = answer.input !== undefined && chosen;
              const boxId = `${base}_details_${answer.id}`;
              const tipId = `${base}_tip_${answer.id}`;
              return (
                <Fragment key={answer.id}>
                  <div className="radios__item">
                    <input
                      className="radios__input"
                      id={id}
                      name={groupId}
                      type="radio"
                      value={answer.id}
                      checked={data.answer === answer.id}
                      onChange={() => onChange(answer.id, [...path, 'answer'])}
                      aria-controls={answer.input ? `${boxId}__reveal` : undefined}
                      aria-describedby={answer.tip && chosen ? tipId : undefined}
                    />
                    <label className="radios__label" htmlFor={id}>
                      {translate(answer.text)}
                    </label>
                  </div>
                  {answer.input && (
                    // Always in the page, hidden until its answer is chosen, so aria-controls names it (GOV.UK).
                    // Its box renders once revealed: a hidden box's count and messages would only slow the first screen.
                    <div className="radios__conditional" id={`${boxId}__reveal`} hidden={!revealed}>
                      {revealed && (
                      <TextBox
                        id={boxId}
                        label={translate(answer.input.label)}
                        value={data.details?.[answer.id]}
                        onChange={(text) => onChange(text, [...path, 'details', answer.id])}
                        placeholder={answer.input.placeholder && translate(answer.input.placeholder)}
                        limit={answer.input.maxLength}
                        error={detailErrors[answer.id]?.__errors?.[0]}
                        multiline
                      />
                      )}
                    </div>
                  )}
                  {answer.tip && chosen && (
                    <p className="radios__tip" id={tipId}>
                      {translate(answer.tip.text)} <a href={links[answer.tip.link]}>{translate(answer.tip.label)}</a>
                    </p>
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

/** A choice step renders through its field: radios, each answer's box under it. */
export const choiceRenderer = { field: 'ChoiceStepField', component: ChoiceStepField } satisfies StepRenderer;

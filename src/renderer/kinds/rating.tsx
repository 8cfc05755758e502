import type { FieldProps } from '@rjsf/utils';
import type { RatingData } from '../../engine/kinds/rating';
import type { RatingStep } from '../../model';
import { stepContext } from '../context';
import { describedBy, ErrorMessage, errorId } from '../ErrorMessage';
import { QuestionLegend } from '../QuestionLegend';
import { StepIntro } from '../StepIntro';
import type { StepRenderer } from './renderer';

/**
 * A rating step: one radio per number from `min` to `max` in a fieldset whose legend is the question,
 * with the meaning of both ends said once, under the scale and to screen readers through the hint
 * (GOV.UK radios, inline). Arrow keys move along the scale as in any radio group. Form data: `{ value }`.
 */
export function RatingStepField(props: FieldProps) {
  const { registry, fieldPathId, errorSchema, onChange } = props;
  const context = stepContext(registry);
  const step = context.step as RatingStep;
  const { translate } = context;
  const data = (props.formData ?? {}) as RatingData;
  const groupId = `${fieldPathId.$id}_value`;
  const hintId = `${groupId}-hint`;
  const error = errorSchema?.value?.__errors?.[0];
  const numbers = Array.from({ length: step.max - step.min + 1 }, (_, index) => step.min + index);
  const minLabel = translate(step.minLabel);
  const maxLabel = translate(step.maxLabel);
  return (
    <>
      <StepIntro context={context} />
      <div className={error ? 'form-group form-group--error' : 'form-group'}>
        <fieldset className="fieldset" aria-describedby={describedBy(hintId, error && errorId(groupId))}>
          <QuestionLegend question={translate(step.question)} context={context} />
          <p className="hint" id={hintId}>
            {`${step.min}: ${minLabel} · ${step.max}: ${maxLabel}`}
          </p>
          <ErrorMessage id={errorId(groupId)} message={error} />
          <div className="rating__scale">
            <div className="rating">
              {numbers.map((value, index) => {
                const id = index === 0 ? groupId : `${groupId}-${value}`;
                return (
                  <div className="rating__item" key={value}>
                    <input
                      className="rating__input"
                      id={id}
                      name={groupId}
                      type="radio"
                      value={value}
                      checked={data.value === value}
                      onChange={() => onChange(value, [...fieldPathId.path, 'value'])}
                    />
                    <label className="rating__label" htmlFor={id}>
                      {value}
                    </label>
                  </div>
                );
              })}
            </div>
            <div className="rating__ends" aria-hidden="true">
              <span>{minLabel}</span>
              <span>{maxLabel}</span>
            </div>
          </div>
        </fieldset>
      </div>
    </>
  );
}

/** A rating renders through its field: the scale of radios. */
export const ratingRenderer = { field: 'RatingStepField', component: RatingStepField } satisfies StepRenderer;

/** The scale's look, gathered into the app's stylesheet by the build (scripts/kinds/kind-styles.ts). */
export const styles = /* css */ `
/* A rating: the numbers in one row that wraps on a narrow screen, the meaning of both ends under it. */
.rating { display: flex; flex-wrap: wrap; gap: 8px; }
.rating__item { position: relative; }
.rating__input { position: absolute; opacity: 0; width: 44px; height: 44px; margin: 0; cursor: pointer; }
.rating__label { display: flex; align-items: center; justify-content: center; min-width: 44px; height: 44px; border: 2px solid var(--text, #0b0c0c); cursor: pointer; font-variant-numeric: tabular-nums; }
.rating__input:checked + .rating__label { background: var(--text, #0b0c0c); color: #fff; }
.rating__input:focus + .rating__label { box-shadow: 0 0 0 4px var(--focus); }
.rating__scale { display: inline-flex; flex-direction: column; max-width: 100%; }
.rating__ends { display: flex; justify-content: space-between; gap: 16px; margin-top: 5px; font-size: 0.85rem; }
/* On a narrow screen the scale wraps, so its ends are no longer under 0 and 10: the hint says it. */
@media (max-width: 599px) { .rating__ends { display: none; } }
`;

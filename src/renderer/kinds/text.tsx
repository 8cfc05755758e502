import type { FieldProps } from '@rjsf/utils';
import type { TextData } from '../../engine/kinds/text';
import type { TextStep } from '../../model';
import { STEP_HEADING_ID, stepContext } from '../context';
import { StepCaption, StepIntro } from '../StepIntro';
import { TextBox } from '../TextBox';
import type { StepRenderer } from './renderer';

/** A text step (3.5): one box whose label is the question, asked as the page heading. Form data: `{ text }`. */
export function TextStepField(props: FieldProps) {
  const { registry, fieldPathId, errorSchema, onChange } = props;
  const context = stepContext(registry);
  const step = context.step as TextStep;
  const data = (props.formData ?? {}) as TextData;
  const question = context.translate(step.question);
  return (
    <>
      <StepIntro context={context} />
      <TextBox
        id={`${fieldPathId.$id}_text`}
        label={
          step.heading ? (
            question
          ) : (
            <>
              <StepCaption indicator={context.indicator} />
              {question}
            </>
          )
        }
        labelAsHeading={step.heading ? undefined : { id: STEP_HEADING_ID }}
        value={data.text}
        onChange={(text) => onChange(text, [...fieldPathId.path, 'text'])}
        placeholder={step.input.placeholder && context.translate(step.input.placeholder)}
        limit={step.input.maxLength}
        error={errorSchema?.text?.__errors?.[0]}
        multiline
      />
    </>
  );
}

/** A text step renders through its field: one text box. */
export const textRenderer = { field: 'TextStepField', component: TextStepField } satisfies StepRenderer;

import type { ValidatorType } from '@rjsf/utils';
import type { ReactNode } from 'react';
import type { StepData } from '../../engine';
import { translateSurveyText } from '../../i18n';
import type { CancellationPolicy, FormStep, ToolkitBinding } from '../../model';
import { StepForm, type StepFormProps } from '../../renderer';
import { declarationData, declarationStep } from '../../renderer/declaration-form';
import { bundle } from '../bundle';
import { HelpLinks } from '../components/HelpLinks';
import { DeclarationSummary } from './DeclarationSummary';

interface DeclarationScreenProps {
  binding: ToolkitBinding;
  policy: CancellationPolicy;
  /** The survey's closing form, which the declaration shapes. */
  closing: FormStep;
  /** Opened by the cancel-now control (or an unanswered question): the control's heading and button. */
  opened: boolean;
  indicator: StepFormProps['indicator'];
  /** What the form starts with: the closing form's saved or prefilled data. */
  initialData: StepData;
  validator: ValidatorType;
  submitting: boolean;
  onEdit: (data: StepData) => void;
  onSubmit: (data: StepData) => void;
  onErrorsShown: (shown: boolean) => void;
  /** The Back link above it, if any. */
  back: ReactNode;
  /** 'I want to stay', beside the button. */
  stay: ReactNode;
}

/**
 * A cancellation policy's declaration screen (survey/policies.yaml): the closing form as the policy
 * shapes it, what is being cancelled above its button where the policy says what the form may ask.
 */
export function DeclarationScreen(props: DeclarationScreenProps) {
  const { binding, policy, closing, opened } = props;
  const step = declarationStep(closing, policy, opened);
  return (
    <>
      {props.back}
      <StepForm
        key={`declaration:${step.id}`}
        step={step}
        answers={[]}
        indicator={props.indicator}
        links={bundle.provider.links}
        validator={props.validator}
        initialData={declarationData(closing, policy, props.initialData)}
        onEdit={props.onEdit}
        onValid={props.onSubmit}
        onErrorsShown={props.onErrorsShown}
      >
        {policy.closingForm && <DeclarationSummary binding={binding} declares={policy.closingForm.declares} />}
        <div className="button-group">
          <button type="submit" className="button button--warning" aria-disabled={props.submitting || undefined}>
            {translateSurveyText(step.submit)}
          </button>
          {props.stay}
        </div>
      </StepForm>
      <HelpLinks />
    </>
  );
}

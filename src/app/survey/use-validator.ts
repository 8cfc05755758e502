import type { ValidatorType } from '@rjsf/utils';
import { useEffect, useState } from 'react';
import type { CompiledFlow, CompiledStep } from '../../model';
import { loadStepValidator } from '../../renderer';
import { useFailure } from '../components/failure';

/** The precompiled validator of `step`, once loaded; the flow's other validators load alongside. */
export function useStepValidator(flow: CompiledFlow, step: CompiledStep): ValidatorType | null {
  const { fail } = useFailure();
  const [loaded, setLoaded] = useState<{ step: CompiledStep; validator: ValidatorType } | null>(null);
  useEffect(() => {
    let live = true;
    loadStepValidator(step.form).then(
      (validator) => live && setLoaded({ step, validator }),
      (error: unknown) => live && fail(error, 'Validator wasn’t loaded'),
    );
    // Warm the cache for the steps that may follow.
    for (const other of Object.values(flow.steps)) if (other !== step) loadStepValidator(other.form).catch(() => undefined);
    return () => {
      live = false;
    };
  }, [flow, step, fail]);
  return loaded?.step === step ? loaded.validator : null;
}

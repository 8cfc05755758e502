import type { ValidatorType } from '@rjsf/utils';
import { useEffect, useState } from 'react';
import type { CompiledFlow, CompiledStep } from '../../model';
import { loadedStepValidator, loadStepValidator } from '../../renderer';
import { useFailure } from '../components/failure';

/** The precompiled validator of `step` once loaded (at once when it is); the flow's others load alongside. */
export function useStepValidator(flow: CompiledFlow, step: CompiledStep): ValidatorType | null {
  const { fail } = useFailure();
  const [loaded, setLoaded] = useState<{ step: CompiledStep; validator: ValidatorType } | null>(null);
  const known = loadedStepValidator(step.form);
  useEffect(() => {
    if (known) return undefined;
    let live = true;
    loadStepValidator(step.form).then(
      (validator) => live && setLoaded({ step, validator }),
      (error: unknown) => live && fail(error, 'Validator wasn’t loaded'),
    );
    return () => {
      live = false;
    };
  }, [step, known, fail]);
  useEffect(() => {
    // Warm the cache for the steps that may follow, so they show without a blank moment.
    for (const other of Object.values(flow.steps)) loadStepValidator(other.form).catch(() => undefined);
  }, [flow]);
  return known ?? (loaded?.step === step ? loaded.validator : null);
}

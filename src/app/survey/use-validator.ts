import type { ValidatorType } from '@rjsf/utils';
import { useEffect, useState } from 'react';
import type { CompiledFlow, FormBearingStep } from '../../model';
import { loadedStepValidator, loadStepValidator } from '../../renderer';
import { useFailure } from '../components/failure';
import { whenIdle } from '../idle';

/**
 * The precompiled validator of `step` once loaded (at once when it is); the flow's others load
 * alongside. `step` is null on a step without a form (an offer), which needs no validator.
 */
export function useStepValidator(flow: CompiledFlow, step: FormBearingStep | null): ValidatorType | null {
  const { fail } = useFailure();
  const [loaded, setLoaded] = useState<{ step: FormBearingStep; validator: ValidatorType } | null>(null);
  const known = step ? loadedStepValidator(step.form) : null;
  useEffect(() => {
    if (!step || known) return undefined;
    let live = true;
    loadStepValidator(step.form).then(
      (validator) => live && setLoaded({ step, validator }),
      (error: unknown) => live && fail(error, 'Validator wasn’t loaded'),
    );
    return () => {
      live = false;
    };
  }, [step, known, fail]);
  const validator = step ? (known ?? (loaded?.step === step ? loaded.validator : null)) : null;
  const shown = step === null || validator !== null;
  useEffect(() => {
    // Once this step shows, warm the cache for the steps that may follow, so they show without a
    // blank moment; not before, so they do not compete with what the first screen needs.
    if (!shown) return undefined;
    return whenIdle(() => {
      for (const other of Object.values(flow.steps)) {
        if ('form' in other) loadStepValidator(other.form).catch(() => undefined);
      }
    });
  }, [flow, shown]);
  return validator;
}


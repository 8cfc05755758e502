import { Trans } from '@lingui/react/macro';
import { useMemo, useRef, useState } from 'react';
import type { ApiClient } from '../../api';
import { downgradePlans, type OfferData } from '../../engine';
import type { OfferStep } from '../../model';
import { OfferStepForm, type OfferStepFormProps } from '../../renderer/OfferStepForm';
import { useFailure } from '../components/failure';
import { dropAttempt, readAttempt, saveAttempt } from '../pending-attempts';
import { retainedElsewhere, retentionAttempt, takeOffer, takenElsewhere, type RetentionAttempt } from '../retention';

interface OfferScreenProps {
  step: OfferStep;
  /** The page's route, which keeps an acceptance under way across a reload. */
  route: string;
  productGroup: string;
  indicator: OfferStepFormProps['indicator'];
  /** The plan chosen before a reload, if any. */
  savedPlan: string | undefined;
  api: Pick<ApiClient, 'acceptOffer' | 'downgrade'>;
  /** Keeps the chosen plan as the step's draft. */
  onEdit: (data: OfferData) => void;
  /** The customer goes on cancelling. */
  onDecline: () => void;
  /** The server has recorded the acceptance. */
  onAccepted: (data: OfferData) => void;
  onErrorsShown: (shown: boolean) => void;
  /** A cancellation policy's cancel control, beside the offer's buttons. */
  besideButtons?: OfferStepFormProps['besideButtons'];
}

/**
 * A retention offer step: accepting calls accept-offer (discount) or downgrade (plan) once, however
 * often it is clicked; a failure shows the banner and the button works again, with the same
 * Idempotency-Key for the same choice. Declining moves on at once.
 */
export function OfferScreen({ step, route, productGroup, indicator, savedPlan, api, onEdit, onDecline, onAccepted, onErrorsShown, besideButtons }: OfferScreenProps) {
  const { fail, clear } = useFailure();
  const [busy, setBusy] = useState(false);
  // Set while an accept is under way and for good once the customer has chosen: the step is leaving.
  const acting = useRef(false);
  // Taking the offer survives a reload (pending-attempts.ts): the same choice keeps its key.
  const attempt = useRef<RetentionAttempt | null>(readAttempt<RetentionAttempt>('retention', route));
  const plans = useMemo(() => downgradePlans(step, productGroup), [step, productGroup]);

  const accept = async (plan: string | undefined) => {
    if (acting.current) return;
    acting.current = true;
    setBusy(true);
    clear();
    try {
      attempt.current = retentionAttempt(attempt.current, step, plan);
      saveAttempt('retention', route, attempt.current);
      await takeOffer(api, attempt.current, step, plan);
      dropAttempt('retention', route);
      onAccepted(plan === undefined ? { choice: 'accepted' } : { choice: 'accepted', plan });
    } catch (error) {
      const taken = takenElsewhere(error, step, plans);
      if (taken) {
        dropAttempt('retention', route);
        onAccepted(taken);
        return;
      }
      acting.current = false;
      setBusy(false);
      const other = retainedElsewhere(error);
      fail(error, undefined, other && <RetainedElsewhereMessage taken={other} />);
    }
  };

  const decline = () => {
    if (acting.current) return;
    acting.current = true;
    clear();
    onDecline();
  };

  return (
    <OfferStepForm
      step={step}
      plans={plans}
      indicator={indicator}
      initialPlan={savedPlan}
      onPlanChange={(plan) => onEdit({ plan })}
      busy={busy}
      onAccept={(plan) => void accept(plan)}
      onDecline={decline}
      onErrorsShown={onErrorsShown}
      besideButtons={besideButtons}
    />
  );
}

/** Why an offer is gone: the customer took the other retention offer in another window or tab. */
function RetainedElsewhereMessage({ taken }: { taken: 'discount' | 'downgrade' }) {
  return (
    <p>
      {taken === 'discount' ? (
        <Trans>You already accepted a discount for this subscription in another window, so this offer is no longer available. You can still go on with the cancellation.</Trans>
      ) : (
        <Trans>You already moved this subscription to another plan in another window, so this offer is no longer available. You can still go on with the cancellation.</Trans>
      )}
    </p>
  );
}

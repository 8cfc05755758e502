// Asks eligible-for-offer in the background once the user is loaded (DESIGN §8): the first
// screen never waits for it, and a failure only means no offer.
import { useEffect, useRef } from 'react';
import { ApiError, labelFor, type ApiClient } from '../../api';
import { availableOffers, toolkitHasOffers } from '../../engine';
import type { Audience, CompiledSurvey, StepId, ToolkitBinding, User } from '../../model';
import { reportError } from '../../monitoring';

const ELIGIBILITY_LABEL = "Eligible for offer wasn't set";

interface Eligibility {
  survey: CompiledSurvey;
  audience: Audience;
  binding: ToolkitBinding;
  user: User;
  api: Pick<ApiClient, 'eligibleForOffer'>;
  /** The offers the (restored) state already has: known from before a reload, so not asked again. */
  known: readonly StepId[];
  setOffers: (available: StepId[]) => void;
  /** The cancellation policy allows no offer: nothing is asked, every offer is passed by. */
  withheld: boolean;
  /** Whether spec §4's calls have answered (not so on the load a server-rendered screen starts from): only then is anything asked. */
  loaded?: boolean;
}

/**
 * On a page whose toolkit has offers, asks once whether this customer is eligible and hands the
 * engine the offers they may be shown. Any answer but `result: true` means none; a failed call is
 * reported to error tracking without the banner, and the survey goes on without offers.
 */
export function useOfferEligibility({ survey, audience, binding, user, api, known, setOffers, withheld, loaded = true }: Eligibility): void {
  const { toolkit, labelPrefix } = binding;
  const productGroup = user.product_group;
  // Asked once per visit of the page: what the state knows when the page opens decides.
  const alreadyKnown = useRef(known.length > 0);
  useEffect(() => {
    if (!loaded || withheld || alreadyKnown.current || !toolkitHasOffers(survey, toolkit)) return undefined;
    let live = true;
    api.eligibleForOffer().then(
      (eligible) => {
        if (live) setOffers(availableOffers(survey, audience, { toolkit, eligible, productGroup }));
      },
      (error: unknown) => {
        reportError(error, error instanceof ApiError ? error.label : labelFor(ELIGIBILITY_LABEL, labelPrefix));
      },
    );
    return () => {
      live = false;
    };
  }, [survey, audience, toolkit, labelPrefix, productGroup, api, setOffers, withheld, loaded]);
}

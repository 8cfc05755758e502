import type { OfferData } from '../../../../src/engine/kinds/offer';
import { radio } from './controls';
import type { DriverKind } from './driver-kind';

/** An offer: a downgrade's plan where one is accepted; the button accepts or declines. */
export const offerDriver: DriverKind<'offer'> = {
  async enter(page, step, data) {
    // Only a downgrade being accepted has something to enter: the plan.
    const { plan } = data as OfferData;
    if (step.offer.kind === 'downgrade' && plan !== undefined) await radio(page, step.offer.planNames[plan] ?? plan).check();
  },
  button: (step, data) => ((data as OfferData).choice === 'accepted' ? step.accept : step.decline),
};

import type { RatingData } from '../../../../src/engine/kinds/rating';
import { radio } from './controls';
import type { DriverKind } from './driver-kind';

/** A rating: the radio of the number. */
export const ratingDriver: DriverKind<'rating'> = {
  async enter(page, _step, data) {
    const { value } = data as RatingData;
    if (value !== undefined) await radio(page, String(value)).check();
  },
  button: () => 'Continue',
};

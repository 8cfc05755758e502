import { toolkitHasOffers } from '../engine';
import type { CompiledBundle, User } from '../model';
import { findPersona } from './personas';
import type { CancellationTables } from './store/cancellations';
import type { OfferTables } from './store/offers';
import { currentUser } from './subscriptions';

/** The user of a signed-in account: its persona's template as the account's history changed it. */
export type UserOfAccount = (personaId: string, accountId: number | null) => Promise<User | undefined>;

/** Reads an account's history from the tables on every call, so every server process sees the same state. */
export function userOfAccount(bundle: CompiledBundle, cancellations: CancellationTables, offers: OfferTables): UserOfAccount {
  const offerToolkits = bundle.toolkits
    .filter((binding) => {
      const survey = bundle.surveys[binding.survey];
      return survey !== undefined && toolkitHasOffers(survey, binding.toolkit);
    })
    .map((binding) => binding.toolkit);
  return async (personaId, accountId) => {
    const persona = findPersona(personaId);
    if (persona === undefined) return undefined;
    const userId = accountId ?? Number(persona.user.user_id);
    const key = String(userId);
    const [confirmed, retained] = await Promise.all([cancellations.confirmedToolkits(key), offers.retainedToolkits(key)]);
    const history = { confirmed, retained };
    return currentUser(persona.user, userId, history, bundle.toolkits, offerToolkits);
  };
}

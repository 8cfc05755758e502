// Spec §4 'Unsubscribe confirmation', step 2: while the final confirmation is open, check whether the
// customer has confirmed from the emailed link (often in another tab), so this page can say so.
import { useEffect, useState } from 'react';
import { ApiError, type ApiClient } from '../../api';
import { reportError } from '../../monitoring';

/** How often the open page asks, while it is visible. */
export const CONFIRMED_CHECK_INTERVAL_MS = 10_000;
/** After this long the page stops asking on its own; coming back to the tab still asks. */
export const CONFIRMED_CHECK_PERIOD_MS = 15 * 60_000;

/** Whether an is-confirmed answer (returned as received, spec §7) says the cancellation is confirmed. */
export function saysConfirmed(answer: unknown): boolean {
  return typeof answer === 'object' && answer !== null && (answer as Record<string, unknown>).confirmed === true;
}

/**
 * True once is-confirmed says the cancellation is confirmed. Asks when the customer comes back to the
 * tab and every CONFIRMED_CHECK_INTERVAL_MS while the tab is visible, for CONFIRMED_CHECK_PERIOD_MS.
 * A failed check is reported with its label but shows no banner: nothing the customer did failed,
 * and the next check may well succeed.
 */
export function useCancellationConfirmed(api: ApiClient): boolean {
  const [confirmed, setConfirmed] = useState(false);
  useEffect(() => {
    if (confirmed) return;
    let live = true;
    let asking = false;
    const started = Date.now();
    const check = async () => {
      if (asking || document.visibilityState !== 'visible') return;
      asking = true;
      try {
        if (saysConfirmed(await api.isConfirmed()) && live) setConfirmed(true);
      } catch (error) {
        reportError(error, error instanceof ApiError ? error.label : "Cancellation wasn't confirmed");
      } finally {
        asking = false;
      }
    };
    const timer = setInterval(() => {
      if (Date.now() - started > CONFIRMED_CHECK_PERIOD_MS) clearInterval(timer);
      else void check();
    }, CONFIRMED_CHECK_INTERVAL_MS);
    const onReturn = () => void check();
    document.addEventListener('visibilitychange', onReturn);
    window.addEventListener('focus', onReturn);
    return () => {
      live = false;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onReturn);
      window.removeEventListener('focus', onReturn);
    };
  }, [api, confirmed]);
  return confirmed;
}

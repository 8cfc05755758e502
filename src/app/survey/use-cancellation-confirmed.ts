// Spec §4 'Unsubscribe confirmation', step 2: while the final confirmation is open, check whether the
// customer has confirmed from the emailed link (in another tab, or the mail app), so this page can say so.
import { useEffect, useState } from 'react';
import { ApiError, type ApiClient } from '../../api';
import { reportError } from '../../monitoring';

/** Whether an is-confirmed answer (returned as received, spec §7) says the cancellation is confirmed. */
export function saysConfirmed(answer: unknown): boolean {
  return typeof answer === 'object' && answer !== null && (answer as Record<string, unknown>).confirmed === true;
}

/**
 * True once is-confirmed says the cancellation is confirmed. It asks whenever the customer comes back
 * to the page (the tab becomes visible, or the window gets focus): the emailed link is opened
 * elsewhere, so that is when the answer can have changed. There is no timer: an open page in a
 * background tab costs the server nothing. A failed check is reported with its label but shows no
 * banner: nothing the customer did failed, and the next return asks again.
 */
export function useCancellationConfirmed(api: ApiClient): boolean {
  const [confirmed, setConfirmed] = useState(false);
  useEffect(() => {
    if (confirmed) return;
    let live = true;
    let asking = false;
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
    const onReturn = () => void check();
    document.addEventListener('visibilitychange', onReturn);
    window.addEventListener('focus', onReturn);
    return () => {
      live = false;
      document.removeEventListener('visibilitychange', onReturn);
      window.removeEventListener('focus', onReturn);
    };
  }, [api, confirmed]);
  return confirmed;
}

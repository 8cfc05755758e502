import { useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { bundle } from '../bundle';
import { useFailure } from './failure';

/**
 * Sets the page title: '{page} – {provider}', starting with the localised 'Error:' while the page
 * shows an error (`hasErrors`: the screen's own validation errors) or the failure banner stands, so
 * a screen-reader user hears it first when the page changes. `null` leaves the title to another screen.
 */
export function useTitle(pageName: string | null, hasErrors = false): void {
  const { t } = useLingui();
  const { shown: bannerShown } = useFailure();
  const title = pageName === null ? null : hasErrors || bannerShown ? t`Error: ${pageName}` : pageName;
  useEffect(() => {
    if (title !== null) document.title = `${title} – ${bundle.provider.name}`;
  }, [title]);
}

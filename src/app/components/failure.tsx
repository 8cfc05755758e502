// The global error banner (spec §4, §8): any failed call shows it, reports it and scrolls to the top.
import { Trans } from '@lingui/react/macro';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { ApiError } from '../../api';
import { reportError } from '../../monitoring';
import { bundle } from '../bundle';

interface Failure {
  /** Shows the banner, reports the error with its label and scrolls to the top. */
  fail: (error: unknown, label?: string) => void;
  /** Hides the banner (a retry is under way). */
  clear: () => void;
  shown: boolean;
}

const FailureContext = createContext<Failure>({ fail: () => undefined, clear: () => undefined, shown: false });

export function FailureProvider({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  const fail = useCallback((error: unknown, label?: string) => {
    reportError(error, label ?? (error instanceof ApiError ? error.label : 'Unexpected error'));
    setShown(true);
    window.scrollTo({ top: 0 });
  }, []);
  const clear = useCallback(() => setShown(false), []);
  const value = useMemo(() => ({ fail, clear, shown }), [fail, clear, shown]);
  return <FailureContext.Provider value={value}>{children}</FailureContext.Provider>;
}

/** The failure handling of the page. */
export function useFailure(): Failure {
  return useContext(FailureContext);
}

/** 'Something went wrong. If the problem persists, please contact us at {email}.' */
export function FailureMessage() {
  const email = bundle.provider.supportEmail;
  return (
    <p>
      <Trans>
        Something went wrong. If the problem persists, please contact us at <a href={`mailto:${email}`}>{email}</a>.
      </Trans>
    </p>
  );
}

/** The banner, while a failure stands; the alert region is always there so its content is announced. */
export function ErrorBanner() {
  const { shown } = useFailure();
  return (
    <div role="alert" className={shown ? 'banner-error' : undefined}>
      {shown && <FailureMessage />}
    </div>
  );
}

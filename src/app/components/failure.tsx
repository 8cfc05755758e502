// The global error banner (spec §4, §8): any failed call shows it, reports it and scrolls to the top.
import { Trans } from '@lingui/react/macro';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { ApiError } from '../../api';
import { reportError } from '../../monitoring';
import { bundle } from '../bundle';
import { failureReason, type FailureReason } from '../failure-reason';
import { signInHref } from '../sign-in';

interface Failure {
  /**
   * Shows the banner, reports the error with its label and scrolls to the top. `detail`, from a
   * screen that knows more about the refusal than its code says, replaces the banner's own reason.
   */
  fail: (error: unknown, label?: string, detail?: ReactNode) => void;
  /** Hides the banner (a retry is under way). */
  clear: () => void;
  shown: boolean;
  /** What the banner explains, while it shows. */
  reason: FailureReason;
  detail?: ReactNode;
}

const FailureContext = createContext<Failure>({ fail: () => undefined, clear: () => undefined, shown: false, reason: 'other' });

export function FailureProvider({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  const [reason, setReason] = useState<FailureReason>('other');
  const [detail, setDetail] = useState<ReactNode>();
  const fail = useCallback((error: unknown, label?: string, detail?: ReactNode) => {
    reportError(error, label ?? (error instanceof ApiError ? error.label : 'Unexpected error'));
    setReason(failureReason(error));
    setDetail(detail);
    setShown(true);
    window.scrollTo({ top: 0 });
  }, []);
  const clear = useCallback(() => setShown(false), []);
  const value = useMemo(() => ({ fail, clear, shown, reason, detail }), [fail, clear, shown, reason, detail]);
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

/** What happened, when the failure says more than 'something went wrong'; nothing typed is lost either way. */
export function FailureReasonMessage({ reason }: { reason: FailureReason }) {
  switch (reason) {
    case 'offline':
      return (
        <p>
          <Trans>You seem to be offline. Nothing you entered is lost: try again once you are back online.</Trans>
        </p>
      );
    case 'no-answer':
      return (
        <p>
          <Trans>Our server did not answer. Nothing you entered is lost: please try again.</Trans>
        </p>
      );
    case 'busy':
      return (
        <p>
          <Trans>Our server is busy at the moment. Nothing you entered is lost: please try again in a minute.</Trans>
        </p>
      );
    case 'cancelled':
      return (
        <p>
          <Trans>This subscription is already canceled: there is nothing left to do here.</Trans>
        </p>
      );
    case 'cancelling':
      return (
        <p>
          <Trans>The cancellation of this subscription is already under way: confirm it with the link in the email we sent you.</Trans>
        </p>
      );
    case 'too-soon':
      return (
        <p>
          <Trans>We sent you the email a moment ago. Please wait a minute before asking for another one.</Trans>
        </p>
      );
    case 'signed-out':
      return (
        <p>
          <Trans>
            You are no longer signed in. <SignInLink>Sign in again</SignInLink>, then try again: nothing you entered is lost.
          </Trans>
        </p>
      );
    case 'other':
      return null;
  }
}

/** Its text as a link to the sign-in page that comes back here, where the provider names one. */
function SignInLink({ children }: { children?: ReactNode }) {
  const href = signInHref(location.pathname + location.search);
  return href === undefined ? <>{children}</> : <a href={href}>{children}</a>;
}

/** The banner, while a failure stands; the alert region is always there so its content is announced. */
export function ErrorBanner() {
  const { shown, reason, detail } = useFailure();
  return (
    <div role="alert" className={shown ? 'banner-error' : undefined}>
      {shown && <FailureMessage />}
      {shown && (detail ?? <FailureReasonMessage reason={reason} />)}
    </div>
  );
}

import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import type { ApiClient } from '../../api';
import type { ToolkitBinding } from '../../model';
import { STEP_HEADING_ID } from '../../renderer';
import { bundle } from '../bundle';
import { useFailure } from '../components/failure';
import { RefundPolicyNote, SuccessPanel } from '../components/SuccessPanel';
import { translateSurveyText } from '../../i18n';
import { dropAttempt, readAttempt, saveAttempt } from '../pending-attempts';
import { randomKey } from '../submission';
import { useCancellationConfirmed } from './use-cancellation-confirmed';

/** Counts down from `seconds` to 0, once a second; `restart` starts again. */
function useCountdown(seconds: number) {
  const [left, setLeft] = useState(seconds);
  const [round, setRound] = useState(0);
  useEffect(() => {
    setLeft(seconds);
    const timer = setInterval(() => {
      setLeft((value) => {
        if (value <= 1) clearInterval(timer);
        return Math.max(0, value - 1);
      });
    }, 1000);
    return () => clearInterval(timer);
  }, [seconds, round]);
  return { left, restart: () => setRound((r) => r + 1) };
}

/** The final confirmation after a submitted survey (spec §2 'Final confirmation copy'). */
export function Confirmation({ binding, api }: { binding: ToolkitBinding; api: ApiClient }) {
  return binding.confirmRoute ? <EmailConfirmation api={api} route={binding.route} name={binding.name} /> : <RequestConfirmation />;
}

function EmailConfirmation({ api, route, name: englishName }: { api: ApiClient; route: string; name: string }) {
  const { t } = useLingui();
  const { fail, clear } = useFailure();
  const confirmed = useCancellationConfirmed(api);
  const name = translateSurveyText(englishName);
  const { left, restart } = useCountdown(bundle.provider.resendCountdownSeconds);
  const [sending, setSending] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const inFlight = useRef(false);
  // Announced when the countdown ends and after a resend, never every second.
  useEffect(() => {
    if (left === 0 && !confirmed) setAnnouncement(t`You can now resend the email.`);
  }, [left, confirmed, t]);
  useEffect(() => {
    if (confirmed) setAnnouncement(t`You have confirmed the cancellation of ${name}.`);
  }, [confirmed, name, t]);

  const resend = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setSending(true);
    clear();
    try {
      // One key per resend the customer asks for, kept until it succeeds (also across a reload),
      // so repeating a resend whose answer was lost does not send a second email.
      const key = readAttempt<string>('resend', route) ?? randomKey();
      saveAttempt('resend', route, key);
      await api.sendConfirmationEmail(key);
      dropAttempt('resend', route);
      setAnnouncement(t`We have sent the email again.`);
      restart();
    } catch (error) {
      fail(error);
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  };

  return (
    <SuccessPanel heading={t`Your subscription has been canceled`} headingId={STEP_HEADING_ID} focus="on-mount">
      <p>
        <Trans>We will send you a confirmation email shortly. In rare cases, the process may take up to 3 business days.</Trans>
      </p>
      <RefundPolicyNote />
      {confirmed ? (
        <p className="confirmed-note">
          <Trans>You have confirmed the cancellation of {name}.</Trans>
        </p>
      ) : (
        <>
          <h2 className="heading-m">
            <Trans>Didn’t get the email?</Trans>
          </h2>
          {left > 0 ? (
            <p className="resend-countdown">
              <Plural value={left} one="You can resend the email in # second." other="You can resend the email in # seconds." />
            </p>
          ) : (
            <button type="button" className="button button--secondary" aria-disabled={sending || undefined} onClick={() => void resend()}>
              <Trans>Resend email</Trans>
            </button>
          )}
        </>
      )}
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </SuccessPanel>
  );
}

function RequestConfirmation() {
  const { t } = useLingui();
  return (
    <SuccessPanel heading={t`Your cancellation request has been sent`} headingId={STEP_HEADING_ID} focus="on-mount">
      <p>
        <Trans>Our team will process your request within 3 business days.</Trans>
      </p>
      <RefundPolicyNote />
    </SuccessPanel>
  );
}

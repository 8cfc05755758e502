import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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

/** Counts down from `first` to 0, once a second; `restart` starts again from `full`. */
function useCountdown(first: number, full: number) {
  const [left, setLeft] = useState(first);
  const [round, setRound] = useState(0);
  const seconds = round === 0 ? first : full;
  useEffect(() => {
    setLeft(seconds);
    if (seconds <= 0) return undefined;
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

interface ConfirmationProps {
  binding: ToolkitBinding;
  api: ApiClient;
  /** Seconds until the email may be resent, when not the full countdown (the email went out earlier). */
  resendIn?: number;
  /** When the email went out (ISO 8601): shown to a customer who comes back to a pending cancellation. */
  sentAt?: string;
  /** Offered with `sentAt`: leave this screen for the survey. */
  onStartAgain?: () => void;
}

/** The final confirmation after a submitted survey (spec §2 'Final confirmation copy'). */
export function Confirmation({ binding, api, ...pending }: ConfirmationProps) {
  return binding.confirmRoute ? (
    <EmailConfirmation api={api} route={binding.route} name={binding.name} {...pending} />
  ) : (
    <RequestConfirmation />
  );
}

/** When an email went out, in the page's language: its time, and its date when it was not today (a sentence of its own: 'on … at …'). */
function sentWhen(iso: string, locale: string): { time: string; date?: string } {
  const sent = new Date(iso);
  const time = new Intl.DateTimeFormat(locale, { timeStyle: 'short' }).format(sent);
  return sent.toDateString() === new Date().toDateString() ? { time } : { time, date: new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(sent) };
}

function EmailConfirmation({
  api,
  route,
  name: englishName,
  resendIn,
  sentAt,
  onStartAgain,
}: { api: ApiClient; route: string; name: string } & Omit<ConfirmationProps, 'binding' | 'api'>) {
  const { t, i18n } = useLingui();
  const { fail, clear } = useFailure();
  const confirmed = useCancellationConfirmed(api);
  const name = translateSurveyText(englishName);
  const { time, date } = sentAt === undefined ? { time: '' } : sentWhen(sentAt, i18n.locale);
  const { left, restart } = useCountdown(resendIn ?? bundle.provider.resendCountdownSeconds, bundle.provider.resendCountdownSeconds);
  const [sending, setSending] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const inFlight = useRef(false);
  // The Resend button gives way to the countdown once it has worked: focus goes to the section's heading, not to the page.
  const resendHeading = useRef<HTMLHeadingElement>(null);
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
      resendHeading.current?.focus();
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
      {sentAt !== undefined && (
        <p className="email-sent-at">
          {date === undefined ? <Trans>We sent the confirmation email at {time}.</Trans> : <Trans>We sent the confirmation email on {date} at {time}.</Trans>}
        </p>
      )}
      <RefundPolicyNote />
      {confirmed ? (
        <p className="confirmed-note">
          <Trans>You have confirmed the cancellation of {name}.</Trans>
        </p>
      ) : (
        <>
          <h2 className="heading-m" ref={resendHeading} tabIndex={-1}>
            <Trans>Didn’t get the email?</Trans>
          </h2>
          {left > 0 ? (
            // The sentence is the paragraph's only text, so each second React replaces the paragraph's text whole: a
            // browser's page translation (which swaps text nodes for its own) then sees the new number.
            <p className="resend-countdown">{t({ message: plural(left, { one: 'You can resend the email in # second.', other: 'You can resend the email in # seconds.' }) })}</p>
          ) : (
            <button type="button" className="button button--secondary" aria-disabled={sending || undefined} onClick={() => void resend()}>
              <Trans>Resend email</Trans>
            </button>
          )}
        </>
      )}
      {onStartAgain !== undefined && !confirmed && (
        <p>
          <button type="button" className="button button--secondary" onClick={onStartAgain}>
            <Trans>Start the survey again</Trans>
          </button>
        </p>
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

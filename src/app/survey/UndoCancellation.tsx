import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import type { ApiClient } from '../../api';
import { translateSurveyText } from '../../i18n';
import type { ToolkitBinding } from '../../model';
import { bundle } from '../bundle';
import { useFailure } from '../components/failure';
import { refusalCode } from '../failure-reason';
import { HelpLinks } from '../components/HelpLinks';
import { ResultHeading, SuccessPanel } from '../components/SuccessPanel';

/** Why an undo link did not work, from the server's error code. */
type UndoProblem = 'not-found' | 'used' | 'expired' | 'wrong-user' | 'wrong-toolkit';

const UNDO_PROBLEMS: Record<string, UndoProblem> = {
  'key-not-found': 'not-found',
  'key-used': 'used',
  'key-expired': 'expired',
  'key-wrong-user': 'wrong-user',
  'key-wrong-toolkit': 'wrong-toolkit',
};

function undoProblemOf(error: unknown): UndoProblem | null {
  const code = refusalCode(error);
  return code === undefined ? null : (UNDO_PROBLEMS[code] ?? null);
}

type Outcome = { kind: 'asking' } | { kind: 'undone' } | { kind: 'problem'; problem: UndoProblem };

/**
 * The receipt's undo link (/cancel/{confirmRoute}/confirm-unsubscribe?undo=…): a cancellation that
 * took effect at once is taken back only when the customer presses the button, never by opening the
 * link (mail scanners open links too).
 */
export function UndoCancellation({
  binding,
  api,
  undoKey,
  withdrawal,
}: {
  binding: ToolkitBinding;
  api: Pick<ApiClient, 'undoCancellation'>;
  undoKey: string;
  /** The customer's policy declares a withdrawal from the contract (the EU's withdrawal function), said as one. */
  withdrawal: boolean;
}) {
  const { t } = useLingui();
  const { fail, clear } = useFailure();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'asking' });
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const name = translateSurveyText(binding.name);
  const { supportEmail, links } = bundle.provider;

  const undo = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    clear();
    try {
      await api.undoCancellation(undoKey);
      setOutcome({ kind: 'undone' });
    } catch (error) {
      const problem = undoProblemOf(error);
      if (problem) setOutcome({ kind: 'problem', problem });
      else fail(error);
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  if (outcome.kind === 'undone') {
    return (
      <SuccessPanel focus="on-mount" heading={t`Your subscription continues`}>
        <p>
          {withdrawal ? (
            <Trans>The withdrawal from {name} is undone. Nothing else changes.</Trans>
          ) : (
            <Trans>The cancellation of {name} is undone. Nothing else changes.</Trans>
          )}
        </p>
      </SuccessPanel>
    );
  }
  if (outcome.kind === 'problem') {
    const titles: Record<UndoProblem, string> = {
      'not-found': t`This undo link is not valid`,
      used: withdrawal ? t`This withdrawal has already been undone` : t`This cancellation has already been undone`,
      expired: withdrawal ? t`The time to undo this withdrawal has passed` : t`The time to undo this cancellation has passed`,
      'wrong-user': t`This undo link is for another account`,
      'wrong-toolkit': t`This undo link is for another subscription`,
    };
    return (
      <>
        <ResultHeading text={titles[outcome.problem]} focus="on-mount" />
        <p>
          <Trans>
            If you need help, contact our <a href={links.support}>Support Team</a> or write to <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
          </Trans>
        </p>
        <HelpLinks />
      </>
    );
  }
  return (
    <>
      <ResultHeading text={withdrawal ? t`Undo your withdrawal` : t`Undo your cancellation`} focus={false} />
      <p>
        {withdrawal ? (
          <Trans>Undo the withdrawal from {name}? Your subscription then continues as before.</Trans>
        ) : (
          <Trans>Undo the cancellation of {name}? Your subscription then continues as before.</Trans>
        )}
      </p>
      <div className="button-group">
        <button type="button" className="button" aria-disabled={busy || undefined} onClick={() => void undo()}>
          {withdrawal ? <Trans>Undo the withdrawal</Trans> : <Trans>Undo the cancellation</Trans>}
        </button>
      </div>
      <HelpLinks />
    </>
  );
}

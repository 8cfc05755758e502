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
export function UndoCancellation({ binding, api, undoKey }: { binding: ToolkitBinding; api: Pick<ApiClient, 'undoCancellation'>; undoKey: string }) {
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
          <Trans>The cancellation of {name} is undone. Nothing else changes.</Trans>
        </p>
      </SuccessPanel>
    );
  }
  if (outcome.kind === 'problem') {
    const titles: Record<UndoProblem, string> = {
      'not-found': t`This undo link is not valid`,
      used: t`This cancellation has already been undone`,
      expired: t`The time to undo this cancellation has passed`,
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
      <ResultHeading text={t`Undo your cancellation`} focus={false} />
      <p>
        <Trans>Undo the cancellation of {name}? Your subscription then continues as before.</Trans>
      </p>
      <div className="button-group">
        <button type="button" className="button" aria-disabled={busy || undefined} onClick={() => void undo()}>
          <Trans>Undo the cancellation</Trans>
        </button>
      </div>
      <HelpLinks />
    </>
  );
}

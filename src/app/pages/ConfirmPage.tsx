import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import type { ApiClient } from '../../api';
import { translateSurveyText } from '../../i18n';
import type { ToolkitBinding } from '../../model';
import { apiFor } from '../api-for';
import { refusalCode } from '../failure-reason';
import { bundle } from '../bundle';
import { useFailure } from '../components/failure';
import { HelpLinks } from '../components/HelpLinks';
import { Placeholder } from '../components/Layout';
import { RouteLink } from '../components/RouteLink';
import { RefundPolicyNote, ResultHeading, SuccessPanel } from '../components/SuccessPanel';
import { WithUser } from '../components/WithUser';
import { surveyPath } from '../routes';
import { UndoCancellation } from '../survey/UndoCancellation';

/** Why a confirmation link did not work, from the server's error code (or a missing key). */
type KeyProblem = 'missing' | 'not-found' | 'used' | 'expired' | 'wrong-user' | 'wrong-toolkit';

const KEY_PROBLEMS: Record<string, KeyProblem> = {
  'invalid-query': 'missing',
  'key-not-found': 'not-found',
  'key-used': 'used',
  'key-expired': 'expired',
  'key-wrong-user': 'wrong-user',
  'key-wrong-toolkit': 'wrong-toolkit',
};

/** The key problem a failed confirm call reports, or null for a failure that is not about the key. */
function keyProblemOf(error: unknown): KeyProblem | null {
  const code = refusalCode(error);
  return code === undefined ? null : (KEY_PROBLEMS[code] ?? null);
}

type Outcome = { kind: 'pending' } | { kind: 'confirmed' } | { kind: 'problem'; problem: KeyProblem } | { kind: 'failed' };

/**
 * /cancel/{confirmRoute}/confirm-unsubscribe?key=…: confirms the cancellation with the emailed key;
 * with `?undo=…` instead, the undo link of an immediate cancellation's receipt (decision 87).
 */
export default function ConfirmPage({ binding }: { binding: ToolkitBinding }) {
  const api = apiFor(binding);
  const undoKey = new URLSearchParams(useLocation().search).get('undo');
  return (
    <WithUser api={api} page={{ kind: 'signed-in' }}>
      {(ready) =>
        undoKey ? (
          <UndoCancellation binding={binding} api={api} undoKey={undoKey} withdrawal={ready.policy?.closingForm?.declares === 'withdrawal'} />
        ) : (
          <Confirm binding={binding} api={api} />
        )
      }
    </WithUser>
  );
}

function Confirm({ binding, api }: { binding: ToolkitBinding; api: ApiClient }) {
  const { t } = useLingui();
  const key = new URLSearchParams(useLocation().search).get('key');
  const { fail, clear } = useFailure();
  const [outcome, setOutcome] = useState<Outcome>(() => (key ? { kind: 'pending' } : { kind: 'problem', problem: 'missing' }));
  const [round, setRound] = useState(0);
  const sent = useRef(-1);

  useEffect(() => {
    if (!key || sent.current === round) return;
    sent.current = round;
    api.confirm(key).then(
      () => setOutcome({ kind: 'confirmed' }),
      (error: unknown) => {
        const problem = keyProblemOf(error);
        if (problem) {
          setOutcome({ kind: 'problem', problem });
          return;
        }
        setOutcome({ kind: 'failed' });
        fail(error);
      },
    );
  }, [api, key, round, fail]);

  switch (outcome.kind) {
    case 'pending':
      return <Placeholder />;
    // After a Try again, the answer's heading takes the focus the vanished button had.
    case 'confirmed':
      return <Confirmed binding={binding} focus={round > 0} />;
    case 'problem':
      return <KeyProblemMessage binding={binding} problem={outcome.problem} focus={round > 0} />;
    case 'failed':
      return (
        <Page title={t`We couldn’t confirm your cancellation`}>
          <button
            type="button"
            className="button"
            onClick={() => {
              clear();
              setOutcome({ kind: 'pending' });
              setRound((r) => r + 1);
            }}
          >
            <Trans>Try again</Trans>
          </button>
        </Page>
      );
  }
}

/** A page that did not confirm: its heading (also the page title, focused when `focus`), what it means, and the help links. */
function Page({ title, children, focus }: { title: string; children: ReactNode; focus?: boolean }) {
  return (
    <>
      <ResultHeading text={title} focus={focus ?? false} />
      {children}
      <HelpLinks />
    </>
  );
}

function Confirmed({ binding, focus }: { binding: ToolkitBinding; focus: boolean }) {
  const { t } = useLingui();
  const name = translateSurveyText(binding.name);
  return (
    <SuccessPanel focus={focus} heading={t`Your subscription has been canceled`}>
      <p>
        <Trans>You have confirmed the cancellation of {name}.</Trans>
      </p>
      <RefundPolicyNote />
    </SuccessPanel>
  );
}

function KeyProblemMessage({ binding, problem, focus }: { binding: ToolkitBinding; problem: KeyProblem; focus: boolean }) {
  const { t } = useLingui();
  const name = translateSurveyText(binding.name);
  const { supportEmail, links } = bundle.provider;
  const restart = (
    <p>
      <RouteLink to={surveyPath(binding)}>
        <Trans>Start the cancellation of {name} again</Trans>
      </RouteLink>
    </p>
  );
  const texts: Record<KeyProblem, { title: string; body: ReactNode; restart: boolean }> = {
    missing: {
      title: t`This confirmation link is incomplete`,
      body: <Trans>The link has no confirmation key. Open the link from the email again, or copy the whole link into your browser.</Trans>,
      restart: false,
    },
    'not-found': {
      title: t`This confirmation link is not valid`,
      body: <Trans>Check that you opened the whole link from the latest email. If you asked for the email more than once, only the links you have not used work.</Trans>,
      restart: true,
    },
    used: {
      title: t`This confirmation link has already been used`,
      body: <Trans>Your cancellation was confirmed with this link before. You don’t need to do anything else.</Trans>,
      restart: false,
    },
    expired: {
      title: t`This confirmation link has expired`,
      body: <Trans>Confirmation links work for a limited time. Start the cancellation again to get a new email.</Trans>,
      restart: true,
    },
    'wrong-user': {
      title: t`This confirmation link is for another account`,
      body: <Trans>Sign in with the account the email was sent to, then open the link again.</Trans>,
      restart: false,
    },
    'wrong-toolkit': {
      title: t`This confirmation link is for another subscription`,
      body: <Trans>Open the link from the email about {name}.</Trans>,
      restart: false,
    },
  };
  const text = texts[problem];
  return (
    <Page focus={focus} title={text.title}>
      <p>{text.body}</p>
      {text.restart && restart}
      <p>
        <Trans>
          If you need help, contact our <a href={links.support}>Support Team</a> or write to <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
        </Trans>
      </p>
    </Page>
  );
}

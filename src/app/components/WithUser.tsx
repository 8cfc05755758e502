import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import type { ApiClient } from '../../api';
import { bundle } from '../bundle';
import { takeUserLoad } from '../early-user';
import type { PageAccess, UserLoad } from '../load-user';
import { NO_SUBSCRIPTION_PATH } from '../routes';
import { signInHref } from '../sign-in';
import { useFailure } from './failure';
import { Placeholder } from './Layout';
import { useTitle } from './use-title';

export type ReadyUser = Extract<UserLoad, { kind: 'ready' }>;

/** Loads the user as spec §4 says, then shows `children` for a user who may see the page. */
export function WithUser({ api, page, initial, children }: { api: ApiClient; page: PageAccess; initial?: UserLoad; children: (ready: ReadyUser) => ReactNode }) {
  const { fail, clear } = useFailure();
  // A first screen the server rendered starts from the load it rendered with (`initial`); the calls of
  // spec §4 are made all the same, and what they answer is what the page then follows.
  const [load, setLoad] = useState<UserLoad | 'loading' | 'failed'>(initial ?? 'loading');
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    takeUserLoad(api, page).then(
      (result) => live && setLoad(result),
      (error: unknown) => {
        if (!live) return;
        setLoad('failed');
        fail(error);
      },
    );
    return () => {
      live = false;
    };
    // The page's access rule is fixed for the life of the route.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, attempt]);

  if (load === 'loading') return <Placeholder />;
  if (load === 'failed') {
    const retry = () => {
      clear();
      setLoad('loading');
      setAttempt((n) => n + 1);
      focusAnswerOnceShown();
    };
    return <LoadFailed onRetry={retry} />;
  }
  if (load.kind === 'no-subscription') return <Navigate to={NO_SUBSCRIPTION_PATH} replace />;
  if (load.kind === 'signed-out') return <SignInHint />;
  return children(load);
}

/**
 * After a Try again, whose button is gone: the focus goes to what answers it once it shows (a screen
 * may show its placeholder first), the screen's heading, or the Try again of a load that failed again;
 * unless the customer has moved it meanwhile.
 */
function focusAnswerOnceShown() {
  const main = document.getElementById('main-content');
  if (!main) return;
  const watch = new MutationObserver(() => {
    const target = main.querySelector<HTMLElement>('h1, button');
    if (!target) return;
    watch.disconnect();
    if (document.activeElement !== document.body) return;
    // A heading that is not focusable yet becomes so (programmatically only); a button already is.
    if (target.tabIndex < 0) target.tabIndex = -1;
    target.focus();
  });
  watch.observe(main, { childList: true, subtree: true });
}

/** The user could not be loaded: the banner above says so; the title too, and the customer may try again. */
function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useLingui();
  useTitle(t`Manage subscription`);
  return (
    <button type="button" className="button button--secondary" onClick={onRetry}>
      <Trans>Try again</Trans>
    </button>
  );
}

function SignInHint() {
  const { t } = useLingui();
  const { pathname, search } = useLocation();
  useTitle(t`Sign in to continue`);
  const signIn = signInHref(pathname + search);
  return (
    <>
      <h1 className="heading-l">
        <Trans>Sign in to continue</Trans>
      </h1>
      <p>
        <Trans>You need to be signed in to manage your subscription.</Trans>
      </p>
      <div className="button-group">
        {signIn !== undefined && (
          <a className="button" href={signIn}>
            <Trans>Sign in</Trans>
          </a>
        )}
        <a className={signIn === undefined ? 'button' : 'button button--secondary'} href={bundle.provider.links.home}>
          <Trans>Back to homepage</Trans>
        </a>
      </div>
    </>
  );
}

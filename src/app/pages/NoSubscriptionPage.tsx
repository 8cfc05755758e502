import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { useNavigationType } from 'react-router-dom';
import { track } from '../analytics';
import { bundle } from '../bundle';
import { useTitle } from '../components/use-title';

/** /cancel/no-subscription: for users without an active recurring subscription (spec §2). */
export default function NoSubscriptionPage() {
  const { t } = useLingui();
  const { name: provider, links } = bundle.provider;
  const heading = t`You don’t have an active ${provider} subscription`;
  // Reached from another screen of the app (a page that found no subscription, Back from a receipt),
  // the heading takes the focus, as a screen change does; a page opened as such starts at its top.
  const fromAnotherScreen = useNavigationType() !== 'POP';
  const headingRef = useRef<HTMLHeadingElement>(null);
  useTitle(heading);
  useEffect(() => {
    const h1 = headingRef.current;
    if (!fromAnotherScreen || !h1) return;
    // Focusable only for this: the server's markup of the page stays as it is.
    h1.tabIndex = -1;
    h1.focus();
  }, [fromAnotherScreen]);
  useEffect(() => track('load:no-active-recurring'), []);
  return (
    <>
      <h1 ref={headingRef} className="heading-l">
        {heading}
      </h1>
      <p>
        <Trans>
          Your subscription doesn’t include extra tools.{' '}
          <a href={links.extraTools} onClick={() => track('click:extra-tools')}>
            Learn more about extra tools
          </a>
        </Trans>
      </p>
      <p>
        <Trans>If you have any questions or want to unsubscribe from extra tools, feel free to contact our Support Team.</Trans>
      </p>
      <div className="button-group">
        <a className="button" href={links.home} onClick={() => track('click:homepage')}>
          <Trans>Back to homepage</Trans>
        </a>
        <a className="button button--secondary" href={links.support} onClick={() => track('click:contact-support')}>
          <Trans>Contact support</Trans>
        </a>
      </div>
    </>
  );
}

import { Trans, useLingui } from '@lingui/react/macro';
import { bundle } from '../bundle';

/** 'Back to homepage' and 'Contact support', under every screen's own content. */
export function HelpLinks() {
  const { t } = useLingui();
  const { links } = bundle.provider;
  return (
    <nav className="help-links" aria-label={t`Help`}>
      <ul>
        <li>
          <a href={links.home}>
            <Trans>Back to homepage</Trans>
          </a>
        </li>
        <li>
          <a href={links.support}>
            <Trans>Contact support</Trans>
          </a>
        </li>
      </ul>
    </nav>
  );
}

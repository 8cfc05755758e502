import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { bundle } from '../bundle';
import { ErrorBanner } from './failure';

/** The page frame: skip link, header, the main region with the error banner, footer. */
export function Layout({ children }: { children: ReactNode }) {
  const { name, links } = bundle.provider;
  return (
    <>
      {/* Focused without the fragment: a history entry of its own would make Back return to it, not to the step before. */}
      <a
        href="#main-content"
        className="skip-link"
        onClick={(event) => {
          event.preventDefault();
          document.getElementById('main-content')?.focus();
        }}
      >
        <Trans>Skip to main content</Trans>
      </a>
      <header className="header">
        <div className="header__inner">
          <a className="header__brand" href={links.home}>
            {name}
          </a>
          <span className="header__service">
            <Trans>Manage subscription</Trans>
          </span>
        </div>
      </header>
      <div className="width-container page-body">
        <main className="main" id="main-content" tabIndex={-1}>
          <div className="column">
            <ErrorBanner />
            {children}
          </div>
        </main>
      </div>
      <footer className="footer">
        <div className="width-container">
          <ul>
            <li>
              <a href={links.support}>
                <Trans>Help and support</Trans>
              </a>
            </li>
            <li>
              <a href={links.refundPolicy}>
                <Trans>Cancellation and refund policy</Trans>
              </a>
            </li>
          </ul>
        </div>
      </footer>
    </>
  );
}

/** What shows while messages, a route or the user load: an empty main region, no spinner. */
export function Placeholder() {
  return <div className="placeholder" aria-busy="true" />;
}

import { Component, type ReactNode } from 'react';
import { reportError } from '../../monitoring';
import { failureReason, type FailureReason } from '../failure-reason';
import { FailureMessage, FailureReasonMessage } from './failure';

interface State {
  /** What the banner explains once the screen failed; undefined while it has not. */
  failed?: FailureReason;
}

/**
 * A screen that fails to render (or whose code chunk fails to load) shows the failure banner and is
 * reported, instead of leaving an empty page; code that did not load offline says so, as the banner
 * does, and the screen is tried again when the browser is back online.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = {};

  static getDerivedStateFromError(error: unknown): State {
    return { failed: failureReason(error) };
  }

  override componentDidCatch(error: unknown): void {
    reportError(error, 'Screen failed to render');
    // Like every failure (spec §4): the banner takes the place of the screen, at the top.
    window.scrollTo({ top: 0 });
    // Code that did not load offline is asked for again once the connection is back: the screen shows by itself.
    if (this.state.failed === 'offline') addEventListener('online', () => this.setState({ failed: undefined }), { once: true });
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" className="banner-error">
        <FailureMessage />
        <FailureReasonMessage reason={this.state.failed} />
      </div>
    );
  }
}

import { Component, type ReactNode } from 'react';
import { reportError } from '../../monitoring';
import { FailureMessage } from './failure';

interface State {
  failed: boolean;
}

/**
 * A screen that fails to render (or whose code chunk fails to load) shows the failure banner and is
 * reported, instead of leaving an empty page.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    reportError(error, 'Screen failed to render');
    // Like every failure (spec §4): the banner takes the place of the screen, at the top.
    window.scrollTo({ top: 0 });
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" className="banner-error">
        <FailureMessage />
      </div>
    );
  }
}

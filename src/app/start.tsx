// The app's start, fetched by the page's entry (main.ts): the page's messages, then the server's
// screen hydrated or the app's own drawn into #root, then error tracking.
import { startTransition, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { csrfToken } from '../api';
import { activateFallbackLanguage, activatePageLanguage } from '../i18n';
import { loadChunk, reportError, startMonitoring } from '../monitoring';
import { App, loadServerRenderedScreen, preloadScreen } from './App';
import { showBootFailure } from './boot';
import { bundle } from './bundle';
import { LISTENING_MARK, readFirstScreenState } from './first-screen-state';
import { enteredIn, restoreEnteredBeforeReload } from './entered-before-listening';
import { releaseHeldSubmit } from './held-submit';
import { savedEnteredTexts } from './saved-survey';
import { reportWindowFailures } from './window-errors';

/** Renders the app into #root once the page's messages have loaded, hydrating the screen the server rendered there. */
export function start(): void {
  // Failures outside React's reach are reported too, those from before the start included (the monitoring drops the known noise).
  reportWindowFailures(reportError);

  const container = document.getElementById('root');
  if (!container) throw new Error('the page has no #root element');
  // A render failure outside the screens' error boundary (the page frame itself) is reported too.
  const onUncaughtError = (error: unknown) => reportError(error, 'App failed to render');
  const served = readFirstScreenState();
  // The page listens: the bench and the first-screen budget measure to the mark (scripts/bench/first-screen.ts).
  const listening = () => {
    performance.mark(LISTENING_MARK);
    releaseHeldSubmit();
  };
  const render = (element: ReactNode) => {
    // What the server rendered is only kept where it is hydrated.
    container.replaceChildren();
    createRoot(container, { onUncaughtError }).render(element);
  };
  // Error tracking loads after the first render, in its own chunk; neither the CSRF token nor anything
  // the customer typed on any step (kept with the saved answers) leaves in a report.
  const startTracking = () => void startMonitoring({ secrets: () => [csrfToken(), ...savedEnteredTexts(bundle.surveys)] });

  preloadScreen(window.location.pathname);

  // The page's own catalog, else English (a page the customer can read beats an empty one), else a
  // plain notice with a way to try again.
  activatePageLanguage(loadChunk)
    .catch((error: unknown) => {
      reportError(error, 'Messages weren’t loaded');
      return activateFallbackLanguage(loadChunk);
    })
    .then(
      async (locale) => {
        // The server's screen is hydrated where the page shows what it rendered: the same language
        // (a catalog that failed, or the development pseudo-locale, says otherwise) and its code here.
        const hydrate = served?.locale === locale && (await loadServerRenderedScreen(window.location.pathname, served).catch(() => false));
        // A reload before the last page listened kept what was entered there (entered-before-listening.ts).
        restoreEnteredBeforeReload(container);
        // Drawn over, the page still starts a survey from the server's state (its answer order) unless the tab kept one.
        if (!hydrate) return render(<App served={served?.survey} onFirstScreen={listening} />);
        // What the customer entered before now is entered again once the screen listens (the code that
        // does it is fetched only then: most pages become interactive before anyone answers), noted
        // once that code is here, so nothing entered meanwhile is missed.
        const enterAgain = enteredIn(container).length > 0 ? (await import('./entered-early')).enterAgain : undefined;
        const entered = enterAgain ? enteredIn(container) : [];
        // A hydration that fails is React's to mend (it draws the screen anew) and reaches the window's error listener above.
        const onFirstScreen = () => {
          enterAgain?.(entered);
          listening();
        };
        // As a transition, hydration yields to the browser every few milliseconds rather than holding
        // the main thread in one long task; an input meanwhile has React finish it at once and replay the event.
        startTransition(() => {
          hydrateRoot(container, <App served={served.survey} onFirstScreen={onFirstScreen} />, { onUncaughtError });
        });
      },
      (error: unknown) => {
        reportError(error, 'Messages weren’t loaded');
        // Its code is fetched only now; should that fail too, the page's own notice shows (boot.ts).
        loadChunk('PageUnavailable', () => import('./components/PageUnavailable')).then(
          ({ PageUnavailable }) => render(<PageUnavailable email={bundle.provider.supportEmail} />),
          showBootFailure,
        );
      },
    )
    .finally(startTracking);
}

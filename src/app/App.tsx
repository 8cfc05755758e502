import type { I18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { i18n as pageI18n, withLaterMessages } from '../i18n';
import { loadChunk } from '../monitoring';
import { bundle } from './bundle';
import { ErrorBoundary } from './components/ErrorBoundary';
import type { FirstScreenState, ServedSurvey } from './first-screen-state';
import { FailureProvider } from './components/failure';
import { Layout } from './components/Layout';
import { ScreenOf } from './components/ScreenOf';
import { lazyScreen } from './lazy-screen';
import { prefetchUserFor } from './prefetch-user';
import { routeAt, routeTable, type AppRoute } from './routes';
import { readSavedState } from './saved-survey';

// Each screen is its own chunk: the survey's form code does not weigh on the other pages. Each
// loads with the spec's time-out and fails with an error naming it (loadChunk); all but the survey
// page bring the later screens' messages, which a survey page's first screen does without (src/i18n).
const SCREENS = {
  main: lazyScreen(withLaterMessages(() => loadChunk('MainPage', () => import('./pages/MainPage')), loadChunk)),
  'no-subscription': lazyScreen(withLaterMessages(() => loadChunk('NoSubscriptionPage', () => import('./pages/NoSubscriptionPage')), loadChunk)),
  survey: lazyScreen(() => loadChunk('SurveyPage', () => import('./pages/SurveyPage'))),
  confirm: lazyScreen(withLaterMessages(() => loadChunk('ConfirmPage', () => import('./pages/ConfirmPage')), loadChunk)),
};

const ROUTES = routeTable(bundle);

const routeOf = (pathname: string) => routeAt(ROUTES, pathname);

/**
 * Whether the first screen the server rendered at `pathname` (`served`) is the one the page shows, with
 * that screen's code loaded once it says yes: the server renders a screen only with its code here, and
 * the page hydrates it only then (start.tsx), so both render it at once, alike. The no-subscription
 * screen, and the confirm page while it waits, show the same to everyone in a language; a survey page
 * opens on the step the server rendered unless this tab kept answers for it, or its survey is of
 * another version than the page's.
 */
export async function loadServerRenderedScreen(pathname: string, served: FirstScreenState): Promise<boolean> {
  const route = routeOf(pathname);
  if (route?.kind === 'no-subscription') {
    await SCREENS['no-subscription'].load();
    return true;
  }
  // The confirm page waits for the user and its call: the page's frame and the placeholder, the same for everyone.
  if (route?.kind === 'confirm') {
    await SCREENS.confirm.load();
    return true;
  }
  const survey = served.survey;
  if (route?.kind !== 'survey' || survey?.route !== route.binding.route) return false;
  if (bundle.surveys[route.binding.survey]?.version !== survey.version || readSavedState(survey.route) !== null) return false;
  const screen = await SCREENS.survey.load();
  await screen.preloadFirstStep(route.binding);
  return true;
}

/**
 * Starts downloading the code of the screen at `pathname` at once, so it arrives alongside the
 * page's messages instead of after them (the lazy route then finds it loaded). A failure is left
 * to the route, which shows the banner.
 */
export function preloadScreen(pathname: string): void {
  // The user loads meanwhile, with the client and access rule the screen asks with (early.ts has
  // usually started it already).
  prefetchUserFor(pathname);
  const route = routeOf(pathname);
  switch (route?.kind) {
    case 'main':
      SCREENS.main.load().catch(() => undefined);
      return;
    case 'no-subscription':
      SCREENS['no-subscription'].load().catch(() => undefined);
      return;
    case 'survey':
      SCREENS.survey.load().then((screen) => screen.preloadFirstStep(route.binding), () => undefined);
      return;
    case 'confirm':
      SCREENS.confirm.load().catch(() => undefined);
      return;
    default:
      return;
  }
}

function element(route: AppRoute, served: ServedSurvey | undefined) {
  switch (route.kind) {
    case 'main':
      return <ScreenOf screen={SCREENS.main} props={{}} />;
    case 'no-subscription':
      return <ScreenOf screen={SCREENS['no-subscription']} props={{}} />;
    case 'survey':
      return <ScreenOf key={route.path} screen={SCREENS.survey} props={{ binding: route.binding, served: served?.route === route.binding.route ? served : undefined }} />;
    case 'confirm':
      return <ScreenOf key={route.path} screen={SCREENS.confirm} props={{ binding: route.binding }} />;
    case 'redirect':
      return <Navigate to={route.to} replace />;
  }
}

/** A router around the app: the browser's, or on the server one fixed at the requested URL. */
export type AppRouter = ComponentType<{ children: ReactNode }>;

/**
 * The app: every route of spec §2, generated from the bundle's bindings and redirects. The page runs it
 * in the browser's router with its one Lingui instance; the server renders it at one URL with the
 * instance of the page's language (src/ssr). `onFirstScreen` runs once the first screen is on the page.
 */
export function App({
  router: Router = BrowserRouter,
  i18n = pageI18n,
  served,
  onFirstScreen,
}: {
  router?: AppRouter;
  i18n?: I18n;
  /** The survey page's first step as the server rendered it: its screen starts from it, once. */
  served?: ServedSurvey;
  onFirstScreen?: () => void;
}) {
  const [first, setFirst] = useState(served);
  // The first commit's effects run once the whole first screen is on the page (nothing in it suspends).
  useEffect(() => {
    setFirst(undefined);
    onFirstScreen?.();
  }, [onFirstScreen]);
  return (
    <I18nProvider i18n={i18n}>
      <Router>
        <FailureProvider>
          <Layout>
            <ErrorBoundary>
              <Routes>
                {ROUTES.map((route) => (
                  <Route key={route.path} path={route.path} element={element(route, first)} />
                ))}
              </Routes>
            </ErrorBoundary>
          </Layout>
        </FailureProvider>
      </Router>
    </I18nProvider>
  );
}

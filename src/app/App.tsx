import { I18nProvider } from '@lingui/react';
import { lazy, Suspense, type ComponentType } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { i18n } from '../i18n';
import type { ToolkitBinding } from '../model';
import { loadChunk } from '../monitoring';
import { apiFor } from './api-for';
import { bundle } from './bundle';
import { ErrorBoundary } from './components/ErrorBoundary';
import { FailureProvider } from './components/failure';
import { Layout, Placeholder } from './components/Layout';
import { prefetchUser } from './early-user';
import { routeTable, type AppRoute } from './routes';

// Each screen is its own chunk: the survey's form code does not weigh on the other pages. Each
// loads with the spec's time-out and fails with an error naming it (loadChunk).
const SCREENS = {
  main: () => loadChunk('MainPage', () => import('./pages/MainPage')),
  'no-subscription': () => loadChunk('NoSubscriptionPage', () => import('./pages/NoSubscriptionPage')),
  survey: () => loadChunk('SurveyPage', () => import('./pages/SurveyPage')),
  confirm: () => loadChunk('ConfirmPage', () => import('./pages/ConfirmPage')),
};
const MainPage = lazy(SCREENS.main);
const NoSubscriptionPage = lazy(SCREENS['no-subscription']);
const SurveyPage: ComponentType<{ binding: ToolkitBinding }> = lazy(SCREENS.survey);
const ConfirmPage: ComponentType<{ binding: ToolkitBinding }> = lazy(SCREENS.confirm);

const ROUTES = routeTable(bundle);

/**
 * Starts downloading the code of the screen at `pathname` at once, so it arrives alongside the
 * page's messages instead of after them (the lazy route then finds it loaded). A failure is left
 * to the route, which shows the banner.
 */
export function preloadScreen(pathname: string): void {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const route = ROUTES.find((r) => r.path === path);
  if (!route) return;
  // The user loads meanwhile, with the client and access rule the screen asks with (see the pages).
  switch (route.kind) {
    case 'main':
      prefetchUser(apiFor(), { kind: 'subscriber' });
      SCREENS.main().catch(() => undefined);
      return;
    case 'no-subscription':
      SCREENS['no-subscription']().catch(() => undefined);
      return;
    case 'survey':
      prefetchUser(apiFor(route.binding), { kind: 'toolkit', access: route.binding.access });
      SCREENS.survey().then((screen) => screen.preloadFirstStep(route.binding), () => undefined);
      return;
    case 'confirm':
      prefetchUser(apiFor(route.binding), { kind: 'signed-in' });
      SCREENS.confirm().catch(() => undefined);
      return;
    case 'redirect':
      return;
  }
}

function element(route: AppRoute) {
  switch (route.kind) {
    case 'main':
      return <MainPage />;
    case 'no-subscription':
      return <NoSubscriptionPage />;
    case 'survey':
      return <SurveyPage key={route.path} binding={route.binding} />;
    case 'confirm':
      return <ConfirmPage key={route.path} binding={route.binding} />;
    case 'redirect':
      return <Navigate to={route.to} replace />;
  }
}

/** The app: every route of spec §2, generated from the bundle's bindings and redirects. */
export function App() {
  return (
    <I18nProvider i18n={i18n}>
      <BrowserRouter>
        <FailureProvider>
          <Layout>
            <ErrorBoundary>
              <Suspense fallback={<Placeholder />}>
                <Routes>
                  {ROUTES.map((route) => (
                    <Route key={route.path} path={route.path} element={element(route)} />
                  ))}
                </Routes>
              </Suspense>
            </ErrorBoundary>
          </Layout>
        </FailureProvider>
      </BrowserRouter>
    </I18nProvider>
  );
}

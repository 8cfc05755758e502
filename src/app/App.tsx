import { I18nProvider } from '@lingui/react';
import { lazy, Suspense, type ComponentType } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { i18n } from '../i18n';
import type { ToolkitBinding } from '../model';
import { bundle } from './bundle';
import { ErrorBoundary } from './components/ErrorBoundary';
import { FailureProvider } from './components/failure';
import { Layout, Placeholder } from './components/Layout';
import { routeTable, type AppRoute } from './routes';

// Each screen is its own chunk: the survey's form code does not weigh on the other pages.
const MainPage = lazy(() => import('./pages/MainPage'));
const NoSubscriptionPage = lazy(() => import('./pages/NoSubscriptionPage'));
const SurveyPage: ComponentType<{ binding: ToolkitBinding }> = lazy(() => import('./pages/SurveyPage'));
const ConfirmPage: ComponentType<{ binding: ToolkitBinding }> = lazy(() => import('./pages/ConfirmPage'));

const ROUTES = routeTable(bundle);

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

// Sentry itself: loaded lazily by startMonitoring after the first screen has rendered, never part of
// the first-screen JavaScript. Errors reach it only through reportError, each with its label.
import { browserTracingIntegration, captureException, init, type BrowserOptions } from '@sentry/react';
import type { MonitoringConfig } from './config';
import { scrubBreadcrumb, scrubEvent, scrubSpan } from './scrub';
import { currentSecrets } from './secrets';

/** Sends one failure with the label of the call or screen it came from. */
export type Reporter = (error: unknown, label: string) => void;

/**
 * What Sentry starts with. The ignore patterns and the sample rate come from the first-screen
 * code (index.ts passes them), so this chunk shares no module with it.
 */
export interface SentrySetup extends MonitoringConfig {
  ignoreErrors: readonly RegExp[];
  tracesSampleRate: number;
}

/**
 * Sentry's own catchers of uncaught errors: the app reports those itself, with a label
 * (src/app/start.tsx), so they would arrive twice.
 */
const OWN_CATCHERS = new Set(['GlobalHandlers', 'BrowserApiErrors']);

/** The options Sentry starts with (exported for the tests). */
export function sentryOptions(setup: SentrySetup, registered: () => readonly (string | null | undefined)[]): BrowserOptions {
  const secrets = () => currentSecrets(registered);
  return {
    dsn: setup.dsn,
    environment: setup.environment,
    tracesSampleRate: setup.tracesSampleRate,
    ignoreErrors: [...setup.ignoreErrors],
    // Collect nothing personal in the first place: no user, cookies, headers, bodies or query strings.
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: false,
      httpBodies: [],
      urlQueryParams: false,
      graphQL: { document: false, variables: false },
      genAI: { inputs: false, outputs: false },
      mcp: { inputs: false, outputs: false },
      databaseQueryData: false,
      queues: false,
      stackFrameVariables: false,
    },
    integrations: (defaults) => [...defaults.filter((integration) => !OWN_CATCHERS.has(integration.name)), browserTracingIntegration()],
    beforeSend: (event) => scrubEvent(event, secrets()),
    beforeBreadcrumb: (breadcrumb) => scrubBreadcrumb(breadcrumb, secrets()),
    beforeSendSpan: (span) => scrubSpan(span, secrets()),
  };
}

/** Sends one failure as one event, tagged with its label and grouped by it. */
export const sendToSentry: Reporter = (error, label) => {
  captureException(error, { tags: { label }, fingerprint: ['{{ default }}', label] });
};

/** Starts Sentry and returns the reporter that sends each failure as one event tagged with its label. */
export function startSentry(setup: SentrySetup, registered: () => readonly (string | null | undefined)[]): Reporter {
  init(sentryOptions(setup, registered));
  return sendToSentry;
}

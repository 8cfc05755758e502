// Where error reports go, read from the page the server wrote (spec §9 for the environment).

/** The meta tag that carries the DSN (the server writes it from SENTRY_DSN, or its dev collector). */
export const SENTRY_DSN_META = 'sentry-dsn';

/** Spec §9: the sample rate of traces. */
export const TRACES_SAMPLE_RATE = 1;

export type MonitoringEnvironment = 'rc' | 'production';

/** What error tracking needs to start. */
export interface MonitoringConfig {
  dsn: string;
  environment: MonitoringEnvironment;
}

/** Spec §9: 'rc' when the hostname contains 'rc', otherwise 'production'. */
export function environmentFor(hostname: string): MonitoringEnvironment {
  return hostname.includes('rc') ? 'rc' : 'production';
}

/** The page's tracking configuration, or null when the page names no DSN (then nothing is sent at all). */
export function readMonitoringConfig(doc: Pick<Document, 'querySelector'>, hostname: string): MonitoringConfig | null {
  const dsn = doc.querySelector<HTMLMetaElement>(`meta[name="${SENTRY_DSN_META}"]`)?.content.trim();
  return dsn ? { dsn, environment: environmentFor(hostname) } : null;
}

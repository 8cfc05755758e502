import { describe, expect, it } from 'vitest';
import { environmentFor, readMonitoringConfig, SENTRY_DSN_META, TRACES_SAMPLE_RATE } from '../../../src/monitoring/config';

const pageWith = (dsn: string | null) => ({
  querySelector: (selector: string) => (dsn !== null && selector === `meta[name="${SENTRY_DSN_META}"]` ? ({ content: dsn } as unknown as Element) : null),
});

describe('the tracking configuration (spec §9)', () => {
  it('is rc where the hostname contains rc, production elsewhere', () => {
    expect(environmentFor('rc.cancel.example')).toBe('rc');
    expect(environmentFor('cancel-rc2.example')).toBe('rc');
    expect(environmentFor('www.marketlane.example')).toBe('production');
    expect(environmentFor('127.0.0.1')).toBe('production');
  });

  it('samples every trace', () => {
    expect(TRACES_SAMPLE_RATE).toBe(1);
  });

  it('comes from the page’s sentry-dsn meta tag, and is absent without one', () => {
    expect(readMonitoringConfig(pageWith('https://k@o1.ingest.example/2'), 'www.example')).toEqual({ dsn: 'https://k@o1.ingest.example/2', environment: 'production' });
    expect(readMonitoringConfig(pageWith(null), 'www.example')).toBeNull();
    expect(readMonitoringConfig(pageWith('  '), 'www.example')).toBeNull();
  });
});

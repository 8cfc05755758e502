import { describe, expect, it } from 'vitest';
import { track } from '../../../src/app/analytics';

describe('track', () => {
  it('pushes { event } onto the dataLayer, creating it when the page has none', () => {
    const host: { dataLayer?: unknown[] } = {};
    track('load:no-active-recurring', host);
    track('click:homepage', host);
    expect(host.dataLayer).toEqual([{ event: 'load:no-active-recurring' }, { event: 'click:homepage' }]);
  });

  it('keeps what the tag manager already queued', () => {
    const host = { dataLayer: [{ event: 'gtm.js' }] as unknown[] };
    track('click:extra-tools', host);
    expect(host.dataLayer).toEqual([{ event: 'gtm.js' }, { event: 'click:extra-tools' }]);
  });
});

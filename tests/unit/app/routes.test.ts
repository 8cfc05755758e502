import { describe, expect, it } from 'vitest';
import { routeTable } from '../../../src/app/routes';
import { compiledBundle } from '../engine/compiled';

const summary = () =>
  routeTable(compiledBundle()).map((r) =>
    r.kind === 'redirect' ? `${r.path} -> ${r.to}` : `${r.path} ${r.kind}${'binding' in r ? ` ${r.binding.toolkit}` : ''}`,
  );

describe('routeTable', () => {
  it('has every route of spec §2, generated from the bundle', () => {
    expect(summary()).toEqual([
      '/cancel main',
      '/cancel/no-subscription no-subscription',
      '/cancel/all survey all-at-once',
      '/cancel/all/confirm-unsubscribe confirm all-at-once',
      '/cancel/seo survey seo',
      '/cancel/seo/confirm-unsubscribe confirm seo',
      '/cancel/advertising survey advertising',
      '/cancel/advertising/confirm-unsubscribe confirm advertising',
      '/cancel/social survey social',
      '/cancel/social/confirm-unsubscribe confirm social',
      '/cancel/local survey local',
      '/cancel/local/confirm-unsubscribe confirm local',
      '/cancel/content survey content',
      '/cancel/content/confirm-unsubscribe confirm content',
      '/cancel/ai survey ai',
      '/cancel/ai/confirm-unsubscribe confirm ai',
      '/cancel/traffic-and-market survey traffic-and-market',
      '/cancel/traffic-and-market/confirm-unsubscribe confirm traffic-and-market',
      '/cancel/plan survey sst',
      '/cancel/sst/confirm-unsubscribe confirm sst',
      '/cancel/growth-kit survey growth-kit',
      '/cancel/trends -> /cancel/traffic-and-market',
      '/cancel/agency-growth-kit -> /cancel/growth-kit',
      '* -> /cancel',
    ]);
  });

  it('follows the bindings: a new toolkit in the YAML is a new page, no code', () => {
    const bundle = compiledBundle();
    const extra = { ...bundle.toolkits[1]!, route: 'video', toolkit: 'video', confirmRoute: undefined };
    const routes = routeTable({ toolkits: [extra], redirects: [] });
    expect(routes.map((r) => r.path)).toEqual(['/cancel', '/cancel/no-subscription', '/cancel/video', '*']);
  });

  it('refuses a bundle that maps two pages to one path', () => {
    const seo = compiledBundle().toolkits.find((b) => b.route === 'seo')!;
    expect(() => routeTable({ toolkits: [seo], redirects: [{ from: 'seo', to: 'all' }] })).toThrow(/'\/cancel\/seo' twice/);
  });
});

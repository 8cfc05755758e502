import { describe, expect, it } from 'vitest';
import { RESERVED_ROUTES } from '../../../scripts/survey/toolkits-check';
import { BASE, NO_SUBSCRIPTION_PATH } from '../../../src/app/routes';
import { isAppPath } from '../../../src/server/static';

describe('the segments the area keeps for itself', () => {
  it('are the ones its app and server take: no page can be served there', () => {
    expect(RESERVED_ROUTES).toContain(NO_SUBSCRIPTION_PATH.slice(BASE.length + 1));
    // The server answers these itself, never with a page.
    for (const route of RESERVED_ROUTES.filter((r) => `${BASE}/${r}` !== NO_SUBSCRIPTION_PATH)) {
      expect(isAppPath(`${BASE}/${route}/confirm-unsubscribe`), route).toBe(false);
    }
  });
});

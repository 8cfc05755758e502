// Which user load the screen at a URL will ask for (the client and access rule its page uses), started
// before any screen renders. The pages ask the same way (src/app/pages/*.tsx); takeUserLoad hands
// them this load only when it matches.
import { apiFor } from './api-for';
import { bundle } from './bundle';
import { prefetchUser } from './early-user';
import { routeAt, routeTable } from './routes';

const ROUTES = routeTable(bundle);

/** Starts loading the user for the screen at `pathname`; a path without a user (no-subscription, a redirect) starts nothing. */
export function prefetchUserFor(pathname: string): void {
  const route = routeAt(ROUTES, pathname);
  switch (route?.kind) {
    case 'main':
      prefetchUser(apiFor(), { kind: 'subscriber' });
      return;
    case 'survey':
      prefetchUser(apiFor(route.binding), { kind: 'toolkit', access: route.binding.access });
      return;
    case 'confirm':
      prefetchUser(apiFor(route.binding), { kind: 'signed-in' });
      return;
    default:
      return;
  }
}

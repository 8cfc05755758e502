// Where a visitor without a session signs in: provider.yaml's `signIn` page, told with `next` which
// page of the area to come back to.
import { bundle } from './bundle';

/** The sign-in page's address that comes back to `path` (a path and its query); undefined when the provider names none. */
export function signInHref(path: string): string | undefined {
  const page = bundle.provider.signIn;
  return page === undefined ? undefined : `${page}${page.includes('?') ? '&' : '?'}next=${encodeURIComponent(path)}`;
}

// A link to another screen of the app, moving within the page as react-router's <Link> does, built
// from the router's own hooks for that (useHref, useLinkClickHandler). <Link> also brings the
// route-prefetching of the router's framework mode, which this app has no use for: that code would
// be in the first screen's router chunk, whichever screen shows first.
import type { ReactNode } from 'react';
import { useHref, useLinkClickHandler } from 'react-router-dom';

export function RouteLink({ to, children }: { to: string; children: ReactNode }) {
  // A click with a modifier key or another button, or on a link with a target, is left to the browser.
  const onClick = useLinkClickHandler<HTMLAnchorElement>(to);
  return (
    <a href={useHref(to)} onClick={onClick}>
      {children}
    </a>
  );
}

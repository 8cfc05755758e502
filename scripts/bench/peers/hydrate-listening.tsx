// How every server-rendered peer starts: it hydrates its screen from the page's #root and marks when
// that screen listens, as the product's App does (LISTENING_MARK), so the bench times it the same way.
import { useEffect, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { LISTENING_MARK } from '../../../src/app/first-screen-state';

function Listening({ children }: { children: ReactNode }) {
  // The root's first effects run once the hydrated screen is committed.
  useEffect(() => void performance.mark(LISTENING_MARK), []);
  return children;
}

/** Hydrates `screen` (what the build rendered into #root) and marks when it listens. */
export function hydrateListening(screen: ReactNode): void {
  const root = document.getElementById('root');
  if (root) hydrateRoot(root, <Listening>{screen}</Listening>);
}

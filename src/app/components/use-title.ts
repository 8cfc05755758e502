import { useEffect } from 'react';
import { bundle } from '../bundle';

/** Sets the page title: '{page} – {provider}'. */
export function useTitle(page: string | null): void {
  useEffect(() => {
    if (page) document.title = `${page} – ${bundle.provider.name}`;
  }, [page]);
}

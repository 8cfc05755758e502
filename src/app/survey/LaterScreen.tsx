// The survey page's later screens (later-screens.ts), loaded as their own chunk: at an idle moment
// once the first question shows, or at once where the page opens on one of them.
import { useEffect, useState, type ReactNode } from 'react';
import { withLaterMessages } from '../../i18n';
import { loadChunk } from '../../monitoring';
import { Placeholder } from '../components/Layout';
import { lazyScreen } from '../lazy-screen';
import { whenIdle } from '../idle';

export type LaterScreens = typeof import('./later-screens');

// With their messages, which the survey page's first screen does without (src/i18n).
const later = lazyScreen<LaterScreens>(withLaterMessages(() => loadChunk('SurveyLaterScreens', () => import('./later-screens')), loadChunk));

/** The later screens' module, loaded (once) now: for what a screen does with them, not only what it shows. */
export function loadLaterScreens(): Promise<LaterScreens> {
  return later.load();
}

/**
 * The later screens' module once loaded. `needed`: the page shows one of them now, so they load at
 * once; else they load at an idle moment once `warm` (the first question is on screen). A failed load
 * is thrown from render, so the error boundary shows the banner and reports it.
 */
export function useLaterScreens(needed: boolean, warm: boolean): LaterScreens | undefined {
  const [, setArrived] = useState(0);
  const [failure, setFailure] = useState<{ error: unknown }>();
  const loaded = later.loaded();
  useEffect(() => {
    if (loaded || (!needed && !warm)) return undefined;
    let mounted = true;
    const load = () =>
      void later.load().then(
        () => mounted && setArrived((count) => count + 1),
        (error: unknown) => mounted && needed && setFailure({ error }),
      );
    if (needed) {
      load();
      return () => void (mounted = false);
    }
    const cancel = whenIdle(load);
    return () => {
      mounted = false;
      cancel();
    };
  }, [loaded, needed, warm]);
  if (failure) throw failure.error;
  return loaded;
}

/** One of the later screens, or the placeholder while their code loads. */
export function LaterScreen({ render }: { render: (screens: LaterScreens) => ReactNode }) {
  const screens = useLaterScreens(true, true);
  return screens ? render(screens) : <Placeholder />;
}

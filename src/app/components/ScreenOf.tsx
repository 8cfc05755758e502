// The route's element for a screen loaded on demand (src/app/lazy-screen.ts), without Suspense.
import { useEffect, useState } from 'react';
import type { LazyScreen, ScreenModule } from '../lazy-screen';
import { Placeholder } from './Layout';

/**
 * Renders the screen with `props`, or the placeholder while its code loads. A load that fails is
 * thrown from render, so the error boundary around the routes shows the banner and reports it.
 */
export function ScreenOf<P extends object>({ screen, props }: { screen: LazyScreen<ScreenModule<P>>; props: P }) {
  const [, setArrived] = useState(0);
  const [failure, setFailure] = useState<{ error: unknown }>();
  const Screen = screen.loaded()?.default;
  useEffect(() => {
    if (Screen) return undefined;
    let mounted = true;
    screen.load().then(
      () => mounted && setArrived((count) => count + 1),
      (error: unknown) => mounted && setFailure({ error }),
    );
    return () => {
      mounted = false;
    };
  }, [Screen, screen]);
  if (failure) throw failure.error;
  return Screen ? <Screen {...props} /> : <Placeholder />;
}

// Entry: the page's stylesheet, and the app's code once the page can take it. A page the server
// rendered a screen into paints that screen first: the app's code is fetched and run only after
// (on a slow phone the first question shows before the largest script competes with it for the
// processor). Any other page has nothing to show before the app, so its code is fetched at once.
import './styles/base.css';
import '../renderer/forms.css';
// The look of the kinds of step that have one of their own, gathered from src/renderer/kinds/.
import '../generated/kinds.css';
import { loadChunk } from '../monitoring/chunks';
import { showBootFailure, startApp } from './boot';
import { afterFirstPaint, takeDeferredPreloads } from './deferred-start';
import { importInSlices } from './in-slices';

function run(): void {
  const deferred = takeDeferredPreloads();
  (deferred ? afterFirstPaint() : Promise.resolve())
    .then(() => {
      // The app's code, its screen's and its catalog's, fetched together rather than one import after another.
      if (deferred) document.head.append(deferred);
      // React DOM is evaluated in a task of its own, before the rest of the app (in-slices.ts).
      return loadChunk('start', () =>
        importInSlices(
          () => import('react-dom/client'),
          () => import('./start'),
        ),
      );
    })
    .then(
      ({ start }) => start(),
      (error: unknown) => {
        // Without the app's code there is no error tracking either: the console, and the page's notice.
        console.error(error);
        showBootFailure();
      },
    );
}

// The page's stylesheet failed, or the page gave up waiting for this script: its notice shows instead (boot.ts).
if (startApp()) run();

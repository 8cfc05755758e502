// The page's first script (an async module, so it runs as soon as it arrives): asks for the user
// while React and the screens still download, so on a slow connection the calls of spec §4 are
// under way, not waiting behind the largest script. start.tsx asks again only if this has not run.
// It also watches that the main script comes to run, and otherwise shows the page's notice (boot.ts),
// holds a Continue pressed on the server's screen until the page listens (held-submit.ts), keeps what
// was entered there over a reload before then (entered-before-listening.ts), and keeps the window's
// errors until the app's reporter is there (window-errors.ts).
import { watchBoot } from './boot';
import { keepEnteredOverReload } from './entered-before-listening';
import { holdEarlySubmits } from './held-submit';
import { prefetchUserFor } from './prefetch-user';
import { listenForWindowFailures } from './window-errors';

listenForWindowFailures();
watchBoot();
holdEarlySubmits();
keepEnteredOverReload();
prefetchUserFor(window.location.pathname);

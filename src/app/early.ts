// The page's first script (an async module, so it runs as soon as it arrives): asks for the user
// while React and the screens still download, so on a slow connection the calls of spec §4 are
// under way, not waiting behind the largest script. start.tsx asks again only if this has not run.
// It also watches that the main script comes to run, and otherwise shows the page's notice (boot.ts).
import { watchBoot } from './boot';
import { prefetchUserFor } from './prefetch-user';

watchBoot();
prefetchUserFor(window.location.pathname);

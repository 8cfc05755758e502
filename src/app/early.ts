// The page's first script (an async module, so it runs as soon as it arrives): asks for the user
// while React and the screens still download, so on a slow connection the calls of spec §4 are
// under way, not waiting behind the largest script. main.tsx asks again only if this has not run.
import { prefetchUserFor } from './prefetch-user';

prefetchUserFor(window.location.pathname);

// The RJSF-alone peer of `npm run bench`: its screen (rjsf-alone-page.tsx), rendered into the page's
// HTML at build time (build.ts) and hydrated here, marking when it listens as the product does.
// Beside the server-rendered floor, it shows what the form library alone adds.
import { floorStepOfBuild } from './floor-step';
import { hydrateListening } from './hydrate-listening';
import { RjsfAlonePage } from './rjsf-alone-page';

hydrateListening(<RjsfAlonePage step={floorStepOfBuild} />);

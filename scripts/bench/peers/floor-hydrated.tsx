// The server-rendered floor of `npm run bench`: the floor's screen (floor-page.tsx), rendered into the
// page's HTML at build time (build.ts) and hydrated here by plain React, which marks when it listens as
// the product does. What the product's hydration costs above this is its machinery's.
import { FloorPage } from './floor-page';
import { floorStepOfBuild } from './floor-step';
import { hydrateListening } from './hydrate-listening';

hydrateListening(<FloorPage step={floorStepOfBuild} />);

// The server-rendered floor of `npm run bench`: the floor's screen (floor-page.tsx), rendered into the
// page's HTML at build time (build.ts) and hydrated here by plain React, which marks when it listens as
// the product does (LISTENING_MARK). What the product's hydration costs above this is its machinery's.
import { useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { LISTENING_MARK } from '../../../src/app/first-screen-state';
import { FloorPage } from './floor-page';
import { floorStepOfBuild } from './floor-step';

function Listening() {
  // The root's first effects run once the hydrated screen is committed, as the product's App marks it.
  useEffect(() => void performance.mark(LISTENING_MARK), []);
  return <FloorPage step={floorStepOfBuild} />;
}

const root = document.getElementById('root');
if (root) hydrateRoot(root, <Listening />);

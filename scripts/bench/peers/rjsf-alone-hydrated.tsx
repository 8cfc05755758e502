// The RJSF-alone peer of `npm run bench`: its screen (rjsf-alone-page.tsx), rendered into the page's
// HTML at build time (build.ts) and hydrated here, marking when it listens as the product does
// (LISTENING_MARK). Beside the server-rendered floor, it shows what the form library alone adds.
import { useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { LISTENING_MARK } from '../../../src/app/first-screen-state';
import { floorStepOfBuild } from './floor-step';
import { RjsfAlonePage } from './rjsf-alone-page';

function Listening() {
  // The root's first effects run once the hydrated screen is committed, as the product's App marks it.
  useEffect(() => void performance.mark(LISTENING_MARK), []);
  return <RjsfAlonePage step={floorStepOfBuild} />;
}

const root = document.getElementById('root');
if (root) hydrateRoot(root, <Listening />);

// The server-rendered naive peer of `npm run bench`: the naive stack's screen (naive-page.tsx),
// rendered into the page's HTML at build time (build.ts) and hydrated here, marking when it listens
// as the product does (LISTENING_MARK). Beside the server-rendered floor, it shows what the product's
// libraries cost a hydrated page when used as they come.
import * as Sentry from '@sentry/react';
import { useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { LISTENING_MARK } from '../../../src/app/first-screen-state';
import { floorStepOfBuild } from './floor-step';
import { activateMessages, NaivePage } from './naive-page';

Sentry.init({ dsn: undefined });
activateMessages(floorStepOfBuild);

function Listening() {
  // The root's first effects run once the hydrated screen is committed, as the product's App marks it.
  useEffect(() => void performance.mark(LISTENING_MARK), []);
  return <NaivePage step={floorStepOfBuild} Router={BrowserRouter} />;
}

const root = document.getElementById('root');
if (root) hydrateRoot(root, <Listening />);

// The server-rendered naive peer of `npm run bench`: the naive stack's screen (naive-page.tsx),
// rendered into the page's HTML at build time (build.ts) and hydrated here, marking when it listens
// as the product does. Beside the server-rendered floor, it shows what the product's libraries cost a
// hydrated page when used as they come.
import * as Sentry from '@sentry/react';
import { BrowserRouter } from 'react-router-dom';
import { floorStepOfBuild } from './floor-step';
import { hydrateListening } from './hydrate-listening';
import { activateMessages, NaivePage } from './naive-page';

Sentry.init({ dsn: undefined });
activateMessages(floorStepOfBuild);
hydrateListening(<NaivePage step={floorStepOfBuild} Router={BrowserRouter} />);

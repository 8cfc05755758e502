// The naive peer of `npm run bench`: the naive stack's screen (naive-page.tsx) drawn on the client,
// everything imported eagerly into one bundle, Sentry initialised without a DSN (it sends nothing).
import * as Sentry from '@sentry/react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { floorStepOfBuild } from './floor-step';
import { activateMessages, NaivePage } from './naive-page';

Sentry.init({ dsn: undefined });
activateMessages(floorStepOfBuild);

const root = document.getElementById('root');
if (root) createRoot(root).render(<NaivePage step={floorStepOfBuild} Router={BrowserRouter} />);

// The floor page of `npm run bench`: plain React rendering the markup of the survey's step 1, with
// the product's stylesheets, and nothing else (no form library, router, i18n or error tracking; no
// call to the server). What the product costs above this is what its machinery costs.
import { createRoot } from 'react-dom/client';
import { FloorPage } from './floor-page';
import { floorStepOfBuild } from './floor-step';

const root = document.getElementById('root');
if (root) createRoot(root).render(<FloorPage step={floorStepOfBuild} />);

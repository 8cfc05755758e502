// Entry: an empty page frame at once, the app when the page's messages have loaded.
import './styles/base.css';
import '../renderer/forms.css';
import { createRoot } from 'react-dom/client';
import { activatePageLanguage } from '../i18n';
import { reportError } from '../monitoring';
import { App, preloadScreen } from './App';

// Failures outside React's reach are reported too (the monitoring drops the known noise).
window.addEventListener('error', (event) => reportError(event.error ?? event.message, 'Uncaught error'));
window.addEventListener('unhandledrejection', (event) => reportError(event.reason, 'Unhandled rejection'));

const container = document.getElementById('root');
if (!container) throw new Error('the page has no #root element');
const root = createRoot(container);

preloadScreen(window.location.pathname);

activatePageLanguage().then(
  () => root.render(<App />),
  (error: unknown) => reportError(error, 'Messages weren’t loaded'),
);

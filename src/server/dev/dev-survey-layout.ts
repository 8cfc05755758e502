// The frame of the product-manager pages (/dev/survey, /dev/insights) and their two static files: one
// stylesheet and the script of /dev/open-step. Files, not inline code: the pages run under the app's strict CSP.
import { escapeHtml as e } from '../html';

/** URL of the stylesheet both pages link. */
export const STYLESHEET_URL = '/dev/assets/dev-tools.css';
/** URL of the script that stores a seeded survey state in sessionStorage and opens the step. */
export const OPEN_STEP_SCRIPT_URL = '/dev/assets/open-step.js';
/** URL of the script of /dev/survey. */
export const SURVEY_PAGE_SCRIPT_URL = '/dev/assets/survey-preview.js';

const NAV: readonly { href: string; label: string }[] = [
  { href: '/dev/', label: 'Personas' },
  { href: '/dev/survey', label: 'Survey preview' },
  { href: '/dev/insights', label: 'Insights' },
  { href: '/dev/mailbox', label: 'Mailbox' },
];

/** A whole page: the navigation (the current page marked), the title as h1, then `body`. */
export function devToolsPage(options: { title: string; current: string; body: string; scripts?: readonly string[] }): string {
  const nav = NAV.map(({ href, label }) =>
    href === options.current ? `<a href="${href}" aria-current="page">${e(label)}</a>` : `<a href="${href}">${e(label)}</a>`,
  ).join('\n');
  const scripts = (options.scripts ?? []).map((src) => `<script src="${e(src)}" defer></script>`).join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(options.title)} · Development</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${STYLESHEET_URL}">
${scripts}
</head>
<body>
<header class="dev-header">
<span class="dev-header__name">Cancellation area · development</span>
<nav aria-label="Development pages">
${nav}
</nav>
</header>
<main class="dev-main">
<h1>${e(options.title)}</h1>
${options.body}
</main>
</body>
</html>
`;
}

/** The stylesheet of the product-manager pages. */
export const DEV_TOOLS_CSS = `
*, *::before, *::after { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; color: #1d1d1f; background: #f6f7f9; }
a { color: #1a55b4; }
a:focus-visible, button:focus-visible, select:focus-visible, input:focus-visible { outline: 3px solid #f5b800; outline-offset: 2px; }
code { font: 0.9em ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
.dev-header { display: flex; flex-wrap: wrap; align-items: center; gap: 8px 32px; padding: 12px 32px; background: #23262d; color: #fff; }
.dev-header__name { font-weight: 600; }
.dev-header nav { display: flex; flex-wrap: wrap; gap: 4px 20px; }
.dev-header a { color: #d6e4ff; text-decoration: none; padding: 2px 0; border-bottom: 2px solid transparent; }
.dev-header a:hover { border-bottom-color: #d6e4ff; }
.dev-header a[aria-current="page"] { color: #fff; border-bottom-color: #f5b800; }
.dev-main { max-width: 1400px; margin: 0 auto; padding: 24px 32px 64px; }
h1 { font-size: 28px; margin: 0 0 8px; }
h2 { font-size: 22px; margin: 32px 0 8px; }
h3 { font-size: 18px; margin: 0 0 4px; }
.lead { max-width: 75ch; margin: 0 0 16px; color: #3a3d44; }
.muted { color: #5b606a; }
.panel { background: #fff; border: 1px solid #d8dbe1; border-radius: 8px; padding: 16px 20px; }
.notice { background: #fff8e1; border: 1px solid #e7c65b; border-radius: 8px; padding: 12px 16px; max-width: 75ch; }
.error { background: #fdecea; border: 1px solid #d4351c; border-radius: 8px; padding: 12px 16px; max-width: 75ch; }
.dev-form { display: flex; flex-wrap: wrap; align-items: flex-end; gap: 12px 20px; margin: 0 0 8px; }
.dev-form label { display: flex; flex-direction: column; gap: 4px; font-weight: 600; font-size: 14px; }
.dev-form select, .dev-form input { font: inherit; font-weight: 400; padding: 6px 8px; border: 1px solid #8a8f98; border-radius: 4px; background: #fff; min-width: 10em; }
.dev-form button { font: inherit; font-weight: 600; padding: 7px 16px; border: 0; border-radius: 4px; background: #1a55b4; color: #fff; cursor: pointer; }
.survey-meta { margin: 0 0 12px; }
.graph { margin: 0 0 20px; padding: 0; overflow: auto; max-height: 75vh; background: #fff; border: 1px solid #d8dbe1; border-radius: 8px; }
.graph svg { display: block; height: auto; }
.graph figcaption { position: sticky; left: 0; padding: 8px 16px; font-size: 14px; color: #3a3d44; border-bottom: 1px solid #e4e6ea; background: #fff; }
.audiences { display: grid; grid-template-columns: repeat(auto-fit, minmax(520px, 1fr)); gap: 20px; align-items: start; }
table { border-collapse: collapse; width: 100%; font-size: 15px; }
caption { text-align: left; font-weight: 600; padding: 0 0 6px; }
th, td { text-align: left; vertical-align: top; padding: 7px 10px; border-bottom: 1px solid #e4e6ea; }
thead th { font-size: 13px; text-transform: uppercase; letter-spacing: 0.03em; color: #5b606a; border-bottom: 2px solid #c9cdd4; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
td > code { white-space: nowrap; }
.step-kind { display: block; font-size: 13px; color: #5b606a; }
.open-link { white-space: nowrap; font-weight: 600; }
.only { display: inline-block; font-size: 12px; font-weight: 600; padding: 0 6px; border-radius: 10px; background: #efe4fb; color: #5a2d91; }
.chart-row { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 20px; align-items: start; margin: 0 0 24px; }
.chart { margin: 0; }
.chart svg { display: block; width: 100%; height: auto; }
.chart .bar { fill: #3f6fc4; }
.chart .bar--rest { fill: #9aa0a8; }
.chart .bar-label { font: 16px system-ui, -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; fill: #1d1d1f; }
.chart .bar-value { font: 600 16px system-ui, -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; fill: #1d1d1f; }
.totals { display: flex; flex-wrap: wrap; gap: 12px 32px; margin: 16px 0 0; padding: 0; list-style: none; }
.totals strong { font-size: 24px; display: block; }
.visit-group > .panel, .visit-group > .chart-row { margin: 16px 0 0; }
.panel { overflow-x: auto; }
.flow-picture { overflow-x: auto; }
.flow-picture svg { display: block; width: auto; max-width: none; }
@media (max-width: 900px) { .chart-row { grid-template-columns: 1fr; } .audiences { grid-template-columns: 1fr; } }
`;

/**
 * The script of the /dev/open-step page: it copies the seeded state from the page's data attributes into
 * sessionStorage under the app's key (the app restores it, as after a reload), then opens the step.
 */
export const OPEN_STEP_SCRIPT = `'use strict';
(function () {
  var seed = document.getElementById('open-step');
  if (!seed) return;
  try {
    window.sessionStorage.setItem(seed.dataset.stateKey, seed.dataset.state);
  } catch (error) {
    seed.textContent = 'This browser does not let the page use sessionStorage, so the step cannot be opened: ' + error;
    return;
  }
  window.location.replace(seed.dataset.next);
})();
`;

/**
 * The script of /dev/survey: Graphviz centres a wide flow, so each picture is scrolled to put its
 * start (the dot above step 1) in the middle of its box.
 */
export const SURVEY_PAGE_SCRIPT = `'use strict';
document.querySelectorAll('.graph').forEach(function (box) {
  var start = box.querySelector('#start');
  if (!start) return;
  var dot = start.getBoundingClientRect();
  var frame = box.getBoundingClientRect();
  box.scrollLeft += dot.left + dot.width / 2 - (frame.left + frame.width / 2);
});
`;

// Builds the peer pages `npm run bench` measures beside the product, each from one script and its
// stylesheets into dist/bench-<name>/ with the same esbuild settings as the product's production
// build, and an index.html that loads them; their step-1 texts are taken from the compiled survey.
// The floor (floor.tsx): plain React, step 1's markup and the product's CSS. SurveyJS
// (surveyjs.tsx): the same question as a SurveyJS radiogroup with SurveyJS's default theme. The
// naive stack (naive.tsx): the product's libraries, all eager, used as they come. The server-rendered
// floor (floor-hydrated.tsx) and naive stack (naive-hydrated.tsx): their screens in the HTML, hydrated.
// RJSF alone (rjsf-alone-hydrated.tsx): the question drawn by @rjsf/core as published, in the HTML,
// hydrated.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { FIRST_SCREEN_STATE_ID } from '../../../src/app/first-screen-state';
import { isStepOfType, type CompiledBundle } from '../../../src/model';
import { compressPlugin } from '../../build/compress-plugin.mjs';
import { FloorPage } from './floor-page';
import type { FloorStep } from './floor-step';
import { activateMessages, NaivePage } from './naive-page';
import { RjsfAlonePage } from './rjsf-alone-page';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const require = createRequire(import.meta.url);

/** Where a peer page is built (and served from). */
export const peerDir = (name: string) => join(ROOT, `dist/bench-${name}`);

/** Step 1 of the paid cancellation survey: the texts every peer page shows. */
export function floorStep(): FloorStep {
  const bundle = JSON.parse(readFileSync(join(ROOT, 'src/generated/survey.json'), 'utf8')) as CompiledBundle;
  const survey = bundle.surveys.cancellation;
  const flow = survey?.audiences.paid;
  const step = flow?.steps[flow.start];
  if (!survey || !step || !isStepOfType(step, 'choice')) throw new Error('the compiled survey has no choice step to start the paid cancellation survey');
  return {
    provider: bundle.provider.name,
    heading: step.heading ?? step.question,
    question: step.question,
    indicator: `Step 1 of ${survey.indicatorSteps ?? 4}`,
    answers: step.answers.map((a) => ({ id: a.id, text: a.text, ...(a.input ? { input: { label: a.input.label, maxLength: a.input.maxLength } } : {}) })),
  };
}

export interface PeerBuild {
  name: string;
  /** The folder served: index.html and the files below. */
  dir: string;
  /** The files the page is made of, relative to `dir`. */
  scripts: string[];
  styles: string[];
}

/**
 * Builds one peer page: `script` (a .tsx file beside this one, given FLOOR_STEP at build time) and
 * `styles` (entry name → absolute path of a stylesheet), one eager bundle each, no splitting.
 * `render` draws the HTML of its #root from the same step, with the product's marker of a
 * server-rendered screen (the bench then waits for the page's listening mark); without it the root
 * is empty.
 */
export async function buildPeer(name: string, script: string, styles: Record<string, string>, title: string, render?: (step: FloorStep) => string): Promise<PeerBuild> {
  const step = floorStep();
  const serverRendered = render?.(step);
  const dir = peerDir(name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const result = await esbuild.build({
    entryPoints: { [name]: join(ROOT, 'scripts/bench/peers', script), ...styles },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
    outdir: dir,
    entryNames: '[name]-[hash]',
    minify: true,
    legalComments: 'none',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"', FLOOR_STEP: JSON.stringify(step) },
    metafile: true,
    logLevel: 'warning',
    plugins: [compressPlugin()],
  });
  const outputs = Object.keys(result.metafile.outputs).map((file) => basename(file));
  const scripts = outputs.filter((file) => file.endsWith('.js'));
  const sheets = outputs.filter((file) => file.endsWith('.css'));
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<link rel="icon" href="data:,">
${sheets.map((file) => `<link rel="stylesheet" href="/${file}">`).join('\n')}
${scripts.map((file) => `<script type="module" src="/${file}"></script>`).join('\n')}
</head>
<body>
<div id="root">${serverRendered ?? ''}</div>
${serverRendered === undefined ? '' : `<script type="application/json" id="${FIRST_SCREEN_STATE_ID}">{}</script>\n`}</body>
</html>
`,
  );
  return { name, dir, scripts, styles: sheets };
}

/** The product's stylesheets, as the floor and the naive stack load them. */
const PRODUCT_STYLES = { base: join(ROOT, 'src/app/styles/base.css'), forms: join(ROOT, 'src/renderer/forms.css') };

/** The floor: plain React, step 1's markup, the product's CSS. */
export const buildFloor = () => buildPeer('floor', 'floor.tsx', PRODUCT_STYLES, 'Floor – step 1');

/** The floor's screen rendered into the HTML and hydrated by plain React: the least a hydrated page of it costs. */
export const buildHydratedFloor = () =>
  buildPeer('floor-hydrated', 'floor-hydrated.tsx', PRODUCT_STYLES, 'Floor, server-rendered – step 1', (step) => renderToString(createElement(FloorPage, { step })));

/**
 * SurveyJS with its default theme: survey-core's stylesheet without the @font-face rules that
 * fetch Open Sans from fonts.gstatic.com (the bench runs on loopback, and no other page measured
 * loads a third-party font; the text falls back to the theme's next fonts).
 */
export const buildSurveyJs = () => buildPeer('surveyjs', 'surveyjs.tsx', { 'survey-core': require.resolve('survey-core/survey-core.fontless.min.css') }, 'SurveyJS – step 1');

/** The naive stack: React, React Router, Lingui, Sentry and RJSF with ajv, one eager bundle; the product's CSS. */
export const buildNaive = () => buildPeer('naive', 'naive.tsx', PRODUCT_STYLES, 'Naive stack – step 1');

/** The naive stack's screen rendered into the HTML (its router at '/') and hydrated: the product's libraries on a hydrated page, used as they come. */
export const buildHydratedNaive = () =>
  buildPeer('naive-hydrated', 'naive-hydrated.tsx', PRODUCT_STYLES, 'Naive stack, server-rendered – step 1', (step) => {
    activateMessages(step);
    return renderToString(createElement(NaivePage, { step, Router: ({ children }) => createElement(StaticRouter, { location: '/' }, children) }));
  });

/** The question drawn by RJSF as published, without the rest of the stack, rendered into the HTML and hydrated: what the form library alone costs a hydrated page. */
export const buildHydratedRjsfAlone = () =>
  buildPeer('rjsf-alone-hydrated', 'rjsf-alone-hydrated.tsx', PRODUCT_STYLES, 'RJSF alone, server-rendered – step 1', (step) => renderToString(createElement(RjsfAlonePage, { step })));

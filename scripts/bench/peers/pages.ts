// The peer pages as the bench measures them: built (build.ts), each served on its own loopback
// port (serve.ts) under the product's Content-Security-Policy, loosened only where a peer cannot
// work under it, with what counts on each as its first visible and first interactive input.
import { readFileSync } from 'node:fs';
import { STEP1_RADIO } from '../first-screen';
import { buildFloor, buildHydratedFloor, buildHydratedNaive, buildHydratedRjsfAlone, buildNaive, buildSurveyJs, type PeerBuild } from './build';
import { servePeer } from './serve';

/** A page the first-input bench loads, and how it tells its first inputs. */
export interface MeasuredPage {
  /** Its name in the report. */
  label: string;
  url: string;
  /** Signed in as this persona before each load (the product), or a bare context. */
  persona?: string;
  /** The first step-1 radio that takes an answer: in the DOM and enabled. */
  interactive: string;
  /** A whole answer item of the list (its drawn radio and its text), timed when painted. */
  visible: string;
  /** How its radio is seen, for the report. */
  seen: string;
  /** What it is, and the policy it is served under, for the report. */
  about: string;
  policy: string;
  /**
   * Its scripts are refused (DevTools' Network.setBlockedURLs): the load times what its HTML and
   * CSS alone paint, the least any script could make of its first paint. It has no interactive input.
   */
  scriptsBlocked?: boolean;
}


/** `policy` with `sources` added to its `directive`. */
function withSources(policy: string, directive: string, ...sources: string[]): string {
  const directives = policy.split(';').map((part) => part.trim());
  if (!directives.some((part) => part.split(' ')[0] === directive)) throw new Error(`the policy has no ${directive}: ${policy}`);
  return directives.map((part) => (part.split(' ')[0] === directive ? [part, ...sources].join(' ') : part)).join('; ');
}

/** The installed version of a package (for the report). */
function versionOf(name: string): string {
  const manifest = JSON.parse(readFileSync(new URL(`../../../node_modules/${name}/package.json`, import.meta.url), 'utf8')) as { version?: string };
  return manifest.version ?? '?';
}

/** The radio of the product and of the floor: a transparent input, drawn by its label. */
export const PRODUCT_ANSWER = { visible: 'main .radios__item', seen: 'a transparent input its label draws' };

/** The radio of the peers drawn by RJSF's own templates: the browser's, in RJSF's radio group. */
const RJSF_ANSWER = { visible: 'main .field-radio-group .radio', seen: "the browser's own radio" };

/**
 * Builds and serves the floors, SurveyJS, the naive stack (drawn and hydrated) and RJSF alone with
 * the product's security headers and under `productPolicy` (or the least more each needs); resolves
 * with the pages to measure and a function that stops their servers.
 */
export async function startPeerPages(productPolicy: string, productHeaders: Readonly<Record<string, string>>): Promise<{ pages: (MeasuredPage & { build: PeerBuild })[]; stop: () => Promise<void> }> {
  const floor = await buildFloor();
  const hydratedFloor = await buildHydratedFloor();
  const surveyJs = await buildSurveyJs();
  const naive = await buildNaive();
  const hydratedNaive = await buildHydratedNaive();
  const hydratedRjsfAlone = await buildHydratedRjsfAlone();
  // SurveyJS writes its theme's variables into <style> elements and sets a style attribute
  // (a refused inline style leaves the form unstyled and mislaid out).
  const surveyJsPolicy = withSources(productPolicy, 'style-src', "'unsafe-inline'");
  // The ordinary ajv8 validator compiles the schema with new Function once an answer is picked
  // (the first screen does not call it); without 'unsafe-eval' the details never show.
  const naivePolicy = withSources(productPolicy, 'script-src', "'unsafe-eval'");
  const served = [
    { build: floor, served: productPolicy, label: 'floor', ...PRODUCT_ANSWER, about: "plain React, step 1's markup, the product's CSS", policy: "the product's policy" },
    {
      build: hydratedFloor,
      served: productPolicy,
      label: 'floor, server-rendered',
      ...PRODUCT_ANSWER,
      about: "the floor's screen in the HTML, hydrated by plain React: the least a hydrated page of it costs",
      policy: "the product's policy",
    },
    {
      build: surveyJs,
      served: surveyJsPolicy,
      label: 'SurveyJS',
      visible: 'main .sd-selectbase__item',
      seen: 'a visually hidden input, drawn by a decorator',
      about: `survey-core and survey-react-ui ${versionOf('survey-react-ui')}, a radiogroup, SurveyJS's default theme`,
      policy: "the product's policy with style-src 'unsafe-inline': SurveyJS writes its theme's variables into <style> elements",
    },
    {
      build: naive,
      served: naivePolicy,
      label: 'naive',
      ...RJSF_ANSWER,
      about: "React Router, Lingui, Sentry (no DSN), RJSF with the ajv8 validator, all eager, the product's CSS",
      policy: "the product's policy with script-src 'unsafe-eval': ajv compiles the schema once an answer is picked (not on the first screen)",
    },
    {
      build: hydratedRjsfAlone,
      served: productPolicy,
      label: 'RJSF alone, server-rendered',
      ...RJSF_ANSWER,
      about: "the question drawn by @rjsf/core as published (no router, i18n, error tracking or validation) in the HTML, hydrated: what the form library alone costs",
      policy: "the product's policy",
    },
    {
      build: hydratedNaive,
      served: naivePolicy,
      label: 'naive, server-rendered',
      ...RJSF_ANSWER,
      about: "the naive stack's screen in the HTML, hydrated: the product's libraries on a hydrated page, used as they come",
      policy: "the naive stack's: the product's policy with script-src 'unsafe-eval'",
    },
  ];
  const servers: { stop: () => Promise<void> }[] = [];
  try {
    const pages: (MeasuredPage & { build: PeerBuild })[] = [];
    for (const peer of served) {
      const { served: policy, ...page } = peer;
      const server = await servePeer(peer.build.dir, policy, productHeaders);
      servers.push(server);
      pages.push({ ...page, url: `${server.base}/`, interactive: STEP1_RADIO });
    }
    return { pages, stop: async () => void (await Promise.all(servers.map((server) => server.stop()))) };
  } catch (error) {
    await Promise.all(servers.map((server) => server.stop()));
    throw error;
  }
}

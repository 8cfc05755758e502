// The survey preview for product managers (development only): GET /dev/survey lists every step of every
// survey for trial and paid customers with the picture the build drew; GET /dev/open-step signs in as a
// persona and opens one step directly, with the answers before it filled in along the shortest path.
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { audienceOf, availableOffers, toolkitHasOffers } from '../../engine';
import type { Audience, ToolkitBinding, User } from '../../model';
import type { ServerContext } from '../context';
import { ApiError } from '../errors';
import { escapeHtml as e } from '../html';
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage } from '../languages';
import { PERSONAS, findPersona } from '../personas';
import { canCancel } from '../toolkits';
import { isEligible } from '../routes/api-offers';
import {
  DEV_TOOLS_CSS,
  OPEN_STEP_SCRIPT,
  OPEN_STEP_SCRIPT_URL,
  STYLESHEET_URL,
  SURVEY_PAGE_SCRIPT,
  SURVEY_PAGE_SCRIPT_URL,
  devToolsPage,
} from './dev-survey-layout';
import { PICTURE_VIEWS, surveyPreviewPage, type PictureView } from './dev-survey-page';
import { SeedError, seedSurveyState } from './dev-survey-seed';

/**
 * The sessionStorage key under which the app keeps a page's survey state (src/app/saved-survey.ts;
 * the server cannot import app code, and tests/server/dev-survey-open.test.ts checks the two agree).
 */
export const savedStateKey = (route: string): string => `cancel:survey:${route}`;

/** The folder the build draws the survey pictures into: dist/survey-graph beside dist/app. */
export const picturesDir = (appDir: string): string => join(dirname(appDir), 'survey-graph');

type Query = Record<string, unknown>;
const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** The offers this user would be shown on the page, as the app learns them from eligible-for-offer. */
async function offersShownTo(ctx: ServerContext, user: User, binding: ToolkitBinding, audience: Audience): Promise<string[]> {
  const survey = ctx.bundle.surveys[binding.survey];
  if (!survey || !toolkitHasOffers(survey, binding.toolkit)) return [];
  return availableOffers(survey, audience, { toolkit: binding.toolkit, eligible: await isEligible(ctx, user, binding), productGroup: user.product_group });
}

/** The page /dev/open-step answers with: the seed in data attributes, and the script that uses it. */
function openStepPage(options: { stateKey: string; state: string; next: string; what: string }): string {
  return devToolsPage({
    title: 'Opening a step',
    current: '/dev/open-step',
    scripts: [OPEN_STEP_SCRIPT_URL],
    body: `<p id="open-step" class="lead" data-state-key="${e(options.stateKey)}" data-state="${e(options.state)}" data-next="${e(options.next)}">Opening ${e(options.what)}…</p>`,
  });
}

/** Registers /dev/survey, /dev/open-step and their static files; the caller does so only outside production. */
export function devSurveyRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.get(STYLESHEET_URL, async (_request, reply) => reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(DEV_TOOLS_CSS));
  for (const [url, script] of [
    [OPEN_STEP_SCRIPT_URL, OPEN_STEP_SCRIPT],
    [SURVEY_PAGE_SCRIPT_URL, SURVEY_PAGE_SCRIPT],
  ] as const) {
    app.get(url, async (_request, reply) => reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(script));
  }

  app.get('/dev/survey', async (request, reply) => {
    const query = request.query as Query;
    const lang = isLanguage(query.lang) ? query.lang : DEFAULT_LANGUAGE;
    const route = ctx.bundle.toolkits.find((binding) => binding.route === query.route)?.route;
    const view: PictureView = PICTURE_VIEWS.find((each) => each === query.view) ?? 'both';
    const pictures: Record<string, string | undefined> = {};
    for (const id of Object.keys(ctx.bundle.surveys)) {
      pictures[id] = await readFile(join(picturesDir(ctx.config.appDir), `${id}-${view}.svg`), 'utf8').catch(() => undefined);
    }
    return reply.type('text/html; charset=utf-8').send(surveyPreviewPage({ bundle: ctx.bundle, lang, route, view, pictures }));
  });

  app.get('/dev/open-step', async (request, reply) => {
    const query = request.query as Query;
    // Without a persona, the one signed in, in its language: how the live reload opens again the step a
    // page was showing, after the survey changed under it (scripts/dev/live-reload.js).
    const session = query.persona === undefined ? await ctx.sessions.of(request) : undefined;
    const persona = findPersona(text(query.persona) ?? session?.personaId ?? '');
    if (persona === undefined) {
      throw new ApiError(400, 'unknown-persona', `persona: must be one of ${PERSONAS.map((p) => p.id).join(', ')}.`);
    }
    const lang = query.lang ?? session?.lang ?? DEFAULT_LANGUAGE;
    if (!isLanguage(lang)) throw new ApiError(400, 'unknown-language', `lang: must be one of ${LANGUAGES.join(', ')}.`);
    const binding = ctx.bundle.toolkits.find((each) => each.route === query.route);
    if (binding === undefined) {
      throw new ApiError(400, 'unknown-route', `route: must be one of ${ctx.bundle.toolkits.map((b) => b.route).join(', ')}.`);
    }
    const { user } = persona;
    if (!canCancel(user, binding)) {
      throw new ApiError(400, 'no-access', `persona '${persona.id}' cannot open /cancel/${binding.route}; choose a persona who may cancel ${binding.name}.`);
    }
    const survey = ctx.bundle.surveys[binding.survey];
    if (survey === undefined) throw new ApiError(500, 'unknown-survey', `the page /cancel/${binding.route} names the unknown survey '${binding.survey}'.`);
    const audience = audienceOf(user);
    const start = survey.audiences[audience].start;
    let step = text(query.step) ?? start;
    const offers = await offersShownTo(ctx, user, binding, audience);
    let state;
    try {
      state = seedSurveyState(survey, audience, step, offers);
    } catch (error) {
      if (!(error instanceof SeedError)) throw error;
      // `or=start`: a step the survey no longer has (renamed, removed) opens the first one instead.
      if (query.or !== 'start') throw new ApiError(400, 'unknown-step', `step: ${error.message}.`);
      step = start;
      state = seedSurveyState(survey, audience, step, offers);
    }
    await ctx.sessions.signIn(request, reply, persona.id, lang);
    const next = state.trail.length === 1 ? `/cancel/${binding.route}` : `/cancel/${binding.route}?step=${encodeURIComponent(step)}`;
    const what = `step ‘${step}’ of /cancel/${binding.route} as ${persona.id} (${audience}) in ${lang}`;
    return reply
      .type('text/html; charset=utf-8')
      .send(openStepPage({ stateKey: savedStateKey(binding.route), state: JSON.stringify(state), next, what }));
  });
}

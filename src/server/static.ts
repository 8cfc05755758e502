import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { withBootFailure } from './boot-failure';
import { sendError } from './errors';
import { escapeHtml } from './html';
import { DEFAULT_LANGUAGE, preferredLanguage } from './languages';
import { withPageMeta } from './page-meta';
import { manifestReader, pageLanguage, preloadLinks, PRELOADS_FILE, withPreloads } from './preloads';
import type { Session, Sessions } from './sessions';

const HTML_TAG = /<html\b[^>]*>/i;
const LANG_ATTRIBUTE = /\slang\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/i;
/**
 * Built file names carry a content hash (`index-3F2A9C1B.js`): such files never change and may be cached for good;
 * so do their precompressed copies (`index-3F2A9C1B.js.br`), which the server sends in their place.
 */
const HASHED_ASSET = /\/assets\/.+[-.][A-Za-z0-9_]{8,}\.[a-z0-9]+(\.br|\.gz)?$/;

const BUILD_MISSING_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>The app is not built yet</title></head>
<body>
<h1>The app is not built yet</h1>
<p>There is no <code>dist/app/index.html</code>. Run <code>npm run build</code> (or <code>npm start</code>, which builds first), then reload this page.</p>
</body>
</html>
`;

/** A screen rendered on the server: its markup, and the JSON script of the state the page hydrates it from. */
export interface FirstScreen {
  markup: string;
  state: string;
  /** Whether the screen does its job with scripts off (links only): the page then needs no <noscript> notice. */
  worksWithoutScripts: boolean;
}

/** Puts the screen's markup into the app's root element, and its state after it. */
export function withFirstScreen(html: string, screen: FirstScreen): string {
  return html.replace('<div id="root"></div>', () => `<div id="root">${screen.markup}</div>\n${screen.state}`);
}

/** Writes the session's language into `<html lang>`, adding the attribute where the page has none. */
export function withLanguage(html: string, lang: string): string {
  return html.replace(HTML_TAG, (tag) => {
    const attribute = ` lang="${escapeHtml(lang)}"`;
    return LANG_ATTRIBUTE.test(tag) ? tag.replace(LANG_ATTRIBUTE, attribute) : tag.replace(/^<html\b/i, `<html${attribute}`);
  });
}

/**
 * An error by which @fastify/static (or the send it uses) refuses a request path itself, before any file:
 * a path not in its plain form, or one that climbs out of the root.
 */
function isRefusedPath(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, status } = error as { code?: unknown; status?: unknown };
  return code === 'FST_STATIC_FORBIDDEN_PATH' || (code === undefined && (status === 400 || status === 403));
}

function isApiPath(path: string): boolean {
  return path === '/cancel/api' || path.startsWith('/cancel/api/');
}

/** Whether the server answers `path` with the app's page (not the API, not a built file). */
export function isAppPath(path: string): boolean {
  return (path === '/cancel' || path.startsWith('/cancel/')) && !isApiPath(path) && !path.startsWith('/cancel/assets/');
}

/**
 * Serves the built app under /cancel: files from APP_DIR, and for every other /cancel/... page
 * (not /cancel/api/, not a missing asset) its index.html with the session's language. Everything
 * else that matches no route gets a JSON 404.
 */
export async function registerApp(
  app: FastifyInstance,
  options: {
    appDir: string;
    sessions: Sessions;
    /** Meta tags for the served page (page-meta.ts). */
    pageMeta?: (request: FastifyRequest) => string;
    /** The notice shown when the page's code never runs (boot-failure.ts), for the page's language and URL. */
    bootFailure?: (language: string, url: string) => string;
    /** The screen the server renders into the page for its language and URL (src/ssr), if any. */
    firstScreen?: (language: string, url: string, session: Session | undefined) => Promise<FirstScreen | null>;
    /** The methods the API's routes serve a path in (route-methods.ts): a path served in others is 405, not 404. */
    apiMethods?: (path: string) => string[];
  },
): Promise<void> {
  const { appDir, sessions, pageMeta, bootFailure, firstScreen, apiMethods } = options;
  const indexFile = join(appDir, 'index.html');
  const preloads = manifestReader(appDir);

  async function sendPage(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    let html: string;
    try {
      html = await readFile(indexFile, 'utf8');
    } catch {
      return reply.code(503).send(BUILD_MISSING_PAGE);
    }
    // A session the store cannot read just now is no reason to answer the page with an error: served
    // without it, the page's own calls (spec §4) meet the failure and say so as spec §8 has them.
    const session = await sessions.of(request).catch((error: unknown) => {
      request.log.warn({ err: error }, 'the session was not read; the page is served without it');
      return undefined;
    });
    // Without a session the browser's languages stand in for the account's setting (decision 177).
    const lang = session?.lang ?? preferredLanguage(request.headers['accept-language']) ?? DEFAULT_LANGUAGE;
    const path = request.url.split('?')[0] ?? '';
    const language = pageLanguage(request.url, lang);
    // A screen the server fails to render is the page's to draw, as without server rendering.
    const screen = firstScreen
      ? await firstScreen(language, request.url, session).catch((error: unknown) => {
          request.log.error({ err: error }, 'the first screen was not rendered');
          return null;
        })
      : null;
    // The app's, the screen's and the catalog's code: fetched with the first scripts, or once the
    // server's screen is painted (preloads.ts).
    let page = withPreloads(withLanguage(html, lang), preloadLinks(preloads(), path, language), screen !== null);
    if (screen) page = withFirstScreen(page, screen);
    // A page that works with scripts off needs no notice that they did not run.
    if (bootFailure && !screen?.worksWithoutScripts) page = withBootFailure(page, bootFailure(language, request.url));
    return reply.send(pageMeta ? withPageMeta(page, pageMeta(request)) : page);
  }

  // Registered even before a build exists (no start-up warning), so files appear once `npm run build` has run.
  // In a scope of its own: a path the plugin refuses to look a file up at (an empty part `//`, a `.` or
  // `..` part, a backslash, a NUL) names no file, so it goes where every path without a file goes (the
  // page, or the API's 404) instead of reaching the error handler as 403 "Forbidden"; other errors go on.
  await app.register(async (files) => {
    files.setErrorHandler((error: unknown, _request, reply) => {
      if (isRefusedPath(error)) return reply.callNotFound();
      throw error;
    });
    await files.register(fastifyStatic, {
      root: appDir,
      prefix: '/cancel/',
      index: false,
      redirect: false,
      wildcard: true,
      cacheControl: false,
      dotfiles: 'ignore',
      // The build writes .br and .gz beside each script and stylesheet (scripts/build/compress-plugin.mjs).
      preCompressed: true,
      suppressWarning: true,
      // index.html goes through sendPage, which writes the language into it; the preload list is the server's.
      allowedPath: (pathName) => pathName !== '/index.html' && pathName !== `/${PRELOADS_FILE}`,
      setHeaders: (reply, path) => {
        reply.header('cache-control', HASHED_ASSET.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  });

  app.get('/cancel', sendPage);
  app.get('/cancel/', sendPage);

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if ((request.method === 'GET' || request.method === 'HEAD') && isAppPath(path)) {
      return sendPage(request, reply);
    }
    const methods = apiMethods?.(path) ?? [];
    if (methods.length > 0) {
      reply.header('allow', methods.join(', '));
      return sendError(reply, 405, 'method-not-allowed', `${request.method} ${path}: this call is made with ${methods.filter((method) => method !== 'HEAD').join(' or ')}.`);
    }
    return sendError(reply, 404, 'not-found', `${request.method} ${path}: there is no such page or call.`);
  });
}

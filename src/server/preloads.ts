// The page shell names the app's first scripts; the app's start, the screen a URL shows and the
// language catalog it needs are loaded with import(), so the browser would find them only once those
// scripts run. The build lists them (preloads.json, written by scripts/build/preload-manifest-plugin.mjs);
// the server adds the lists that apply to the page it serves as <link rel="modulepreload">, and the
// browser fetches them alongside the first scripts. A page with a server-rendered screen gets them
// in a template instead, which the page moves into its head once that screen is painted
// (src/app/deferred-start.ts).
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { escapeHtml } from './html';
import { languageOf } from './languages';

/** The manifest's name beside index.html (the build plugin writes the same). */
export const PRELOADS_FILE = 'preloads.json';

export interface PreloadManifest {
  /** The app's start (src/app/start.tsx): the files it needs, in load order. */
  app: string[];
  /** By screen module (src/app/pages/<Screen>.tsx): the files it needs, in load order. */
  screens: Record<string, string[]>;
  /** By language: the files of its catalog. */
  catalogs: Record<string, string[]>;
  /** By language: the files of its catalog's part for the screens after a survey page's first ones (src/i18n). */
  laterCatalogs: Record<string, string[]>;
  /** The screens that load that part with their code. */
  laterScreens: string[];
}

/**
 * The screen the app shows at `path` (its route table, src/app/App.tsx): the main page, the
 * no-subscription page, a confirm page, or a toolkit's survey; null for a path it redirects.
 * A path that is no toolkit only costs a preload the redirect does not use.
 */
export function screenOf(path: string): string | null {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  if (trimmed === '/cancel') return 'MainPage';
  if (trimmed === '/cancel/no-subscription') return 'NoSubscriptionPage';
  if (/^\/cancel\/[^/]+\/confirm-unsubscribe$/.test(trimmed)) return 'ConfirmPage';
  if (/^\/cancel\/[^/]+$/.test(trimmed)) return 'SurveyPage';
  return null;
}

/** The page's language as the app resolves it (languageOf in src/model): English wherever the URL's path contains 'plan'. */
export function pageLanguage(url: string, sessionLanguage: string | undefined): string {
  return languageOf(sessionLanguage, url);
}

/** The <link rel="modulepreload"> tags for the screen at `path` in `language`, with the later part of its catalog where the screen loads it. */
export function preloadLinks(manifest: PreloadManifest, path: string, language: string): string {
  const screen = screenOf(path);
  const later = screen !== null && manifest.laterScreens.includes(screen) ? (manifest.laterCatalogs[language] ?? []) : [];
  const files = [...manifest.app, ...(manifest.catalogs[language] ?? []), ...later, ...(screen ? (manifest.screens[screen] ?? []) : [])];
  return [...new Set(files)].map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}">`).join('\n');
}

/** The template src/app/deferred-start.ts moves into the head once the page's first screen is painted. */
export const DEFERRED_PRELOADS_ID = 'deferred-preloads';

/** Writes the tags at the end of the page's head: as they are, or `deferred` in their template. */
export function withPreloads(html: string, links: string, deferred = false): string {
  if (links === '') return html;
  const written = deferred ? `<template id="${DEFERRED_PRELOADS_ID}">${links}</template>` : links;
  return html.replace(/<\/head>/i, (end) => `${written}\n${end}`);
}

/**
 * Reads the manifest of the app in `appDir`, again only when the file changed (a new build);
 * an empty manifest when there is none (a build without it preloads nothing more).
 */
export function manifestReader(appDir: string): () => PreloadManifest {
  const file = join(appDir, PRELOADS_FILE);
  let cached: { mtimeMs: number; manifest: PreloadManifest } | undefined;
  const empty: PreloadManifest = { app: [], screens: {}, catalogs: {}, laterCatalogs: {}, laterScreens: [] };
  return () => {
    try {
      const { mtimeMs } = statSync(file);
      // A manifest of an older build may lack a list: it preloads nothing of that kind.
      if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, manifest: { ...empty, ...(JSON.parse(readFileSync(file, 'utf8')) as Partial<PreloadManifest>) } };
      return cached.manifest;
    } catch {
      return empty;
    }
  };
}

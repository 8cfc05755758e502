// The notice a page shows when its code never runs: its script or stylesheet blocked, failed, or not
// there within spec §9's 120000 ms. The server writes it into every page, in the page's language, as
// a <template> (no part of the page until used); the page's first script puts it in (src/app/boot.ts),
// and a <noscript> copy shows it where scripts are off. It is plain HTML that reads without the stylesheet, and its reload button is a form, so
// it works with no script at all.
import type { ProviderSettings } from '../model';
import { escapeHtml } from './html';
import { isLanguage, DEFAULT_LANGUAGE } from './languages';
import { messageHtml, standIns } from './mail-html';
import { i18nFor } from './mail-i18n';

/** The template's id, which src/app/boot.ts looks for. */
export const BOOT_FAILURE_ID = 'boot-failure';

/** A GET form that reloads `url` (a path and query): its query goes in as hidden fields. */
function reloadForm(url: string, label: string): string {
  const parsed = new URL(url, 'http://page.invalid');
  const fields = [...parsed.searchParams].map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`);
  return `<form method="get" action="${escapeHtml(parsed.pathname)}">${fields.join('')}<button type="submit" class="button">${escapeHtml(label)}</button></form>`;
}

/** The notice's content in `language`, for the page at `url` (its path and query). */
function noticeContent(language: string, url: string, provider: Pick<ProviderSettings, 'supportEmail'>): string {
  const i18n = i18nFor(isLanguage(language) ? language : DEFAULT_LANGUAGE);
  const e = escapeHtml;
  const heading = i18n._('This page could not be loaded', undefined, { comment: 'Shown when the page’s code never arrives or never runs (blocked, failed or timed out): the heading.' });
  const explanation = i18n._('Check your connection and that your browser lets this page run its scripts, then reload the page. Nothing you entered is lost.', undefined, {
    comment: 'Shown when the page’s code never arrives or never runs: what to do.',
  });
  const contact = messageHtml(
    i18n._('If the problem persists, please contact us at {email}.', standIns(['email']), { comment: 'Shown when the page’s code never arrives or never runs: {email} is the support address, linked.' }),
    { email: `<a href="mailto:${e(provider.supportEmail)}">${e(provider.supportEmail)}</a>` },
  );
  const reload = i18n._('Reload the page', undefined, { comment: 'Shown when the page’s code never arrives or never runs: the button that loads the page again.' });
  return `<div class="width-container page-body boot-failure"><main class="main" id="main-content"><div role="alert" class="banner-error"><h1>${e(heading)}</h1><p>${e(explanation)}</p><p>${contact}</p></div>${reloadForm(url, reload)}</main></div>`;
}

/** The notice as a template and as its <noscript> copy, for the page at `url` in `language`. */
export function bootFailureHtml(language: string, url: string, provider: Pick<ProviderSettings, 'supportEmail'>): string {
  const content = noticeContent(language, url, provider);
  return `<template id="${BOOT_FAILURE_ID}">${content}</template>\n<noscript>${content}</noscript>`;
}

/** Writes the notice before the app's root element, so with scripts off it stands above what the server rendered there. */
export function withBootFailure(html: string, notice: string): string {
  return html.replace('<div id="root">', (root) => `${notice}\n${root}`);
}

// The later screens' messages (src/i18n, loadLaterMessages): loaded into the page's language once it
// is active, once per language, again after a failure; the server renders with the whole catalogs.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChunkLoader } from '../../../src/i18n';

/** A message only the later screens show, by its id: the first of the later part the build wrote. */
async function laterMessage(): Promise<[string, unknown]> {
  const { messages } = (await import('../../../src/generated/locales/app/en.later')) as { messages: Record<string, unknown> };
  const first = Object.entries(messages)[0];
  if (!first) throw new Error('the later part of the English catalog is empty: npm run build writes it');
  return first;
}

/** Loads chunks as the app does, counting them by name; `failing` names fail once. */
function chunkLoader(failing: string[] = []) {
  const loads: string[] = [];
  const load: ChunkLoader = (chunk, importModule) => {
    loads.push(chunk);
    const index = failing.indexOf(chunk);
    if (index >= 0) {
      failing.splice(index, 1);
      return Promise.reject(new Error(`${chunk} failed`));
    }
    return importModule();
  };
  return { load, loads };
}

beforeEach(() => {
  vi.resetModules();
  vi.stubGlobal('document', { documentElement: { lang: 'en' } });
});
afterEach(() => vi.unstubAllGlobals());

describe('the later screens’ messages', () => {
  it('wait for the page’s language, then join its messages, once', async () => {
    const { activateFallbackLanguage, i18n, loadLaterMessages } = await import('../../../src/i18n');
    const [id, message] = await laterMessage();
    const chunks = chunkLoader();
    let settled = false;
    const first = loadLaterMessages(chunks.load).then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    await activateFallbackLanguage(chunks.load);
    expect(i18n.messages[id]).toBeUndefined();
    await first;
    expect(i18n.messages[id]).toEqual(message);
    // The first part stays: the two parts are one language's messages.
    expect(Object.keys(i18n.messages).length).toBeGreaterThan(100);
    await loadLaterMessages(chunks.load);
    expect(chunks.loads).toEqual(['messages-en', 'messages-later-en']);
  });

  it('are asked for again after a failed load', async () => {
    const { activateFallbackLanguage, i18n, loadLaterMessages } = await import('../../../src/i18n');
    const [id] = await laterMessage();
    const chunks = chunkLoader(['messages-later-en']);
    await activateFallbackLanguage(chunks.load);
    await expect(loadLaterMessages(chunks.load)).rejects.toThrow('messages-later-en failed');
    await loadLaterMessages(chunks.load);
    expect(i18n.messages[id]).toBeDefined();
    expect(chunks.loads).toEqual(['messages-en', 'messages-later-en', 'messages-later-en']);
  });

  it('come with a screen loaded through withLaterMessages: its module once both are here', async () => {
    const { activateFallbackLanguage, i18n, withLaterMessages } = await import('../../../src/i18n');
    const [id] = await laterMessage();
    const chunks = chunkLoader();
    const screen = { Screen: 'the screen' };
    const load = withLaterMessages(() => chunks.load('Screen', () => Promise.resolve(screen)), chunks.load);
    const loaded = load();
    await activateFallbackLanguage(chunks.load);
    expect(await loaded).toBe(screen);
    expect(i18n.messages[id]).toBeDefined();
    expect(chunks.loads).toEqual(['Screen', 'messages-en', 'messages-later-en']);
  });

  it('are nothing to load on the server, which renders with the whole catalogs', async () => {
    vi.unstubAllGlobals();
    const { loadLaterMessages } = await import('../../../src/i18n');
    const chunks = chunkLoader();
    await loadLaterMessages(chunks.load);
    expect(chunks.loads).toEqual([]);
  });
});

const DEFAULT_NEXT = '/cancel';
const PROBE_ORIGIN = 'http://next.invalid';

/** Control characters and backslashes are dropped or rewritten by URL parsing; refuse them outright. */
function hasSuspiciousCharacters(value: string): boolean {
  return [...value].some((char) => char === '\\' || char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);
}

/**
 * Where sign-in may redirect: only a same-origin path under /cancel (after URL normalisation,
 * so `/cancel/../dev` or `//evil.example` fall back to /cancel).
 */
export function safeNext(next: unknown): string {
  if (typeof next !== 'string' || !next.startsWith('/') || hasSuspiciousCharacters(next)) return DEFAULT_NEXT;
  let url: URL;
  try {
    url = new URL(next, PROBE_ORIGIN);
  } catch {
    return DEFAULT_NEXT;
  }
  if (url.origin !== PROBE_ORIGIN) return DEFAULT_NEXT;
  if (url.pathname !== '/cancel' && !url.pathname.startsWith('/cancel/')) return DEFAULT_NEXT;
  return `${url.pathname}${url.search}${url.hash}`;
}

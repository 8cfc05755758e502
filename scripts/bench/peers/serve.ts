// Serves a peer page (scripts/bench/peers/build.ts, dist/bench-<name>/) on a free loopback port, as
// the product is served: with the product's security headers and under a Content-Security-Policy (the
// product's, unless the page needs more), both read from its server's answer; brotli when the browser
// takes it.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8' };

/** What an answer's headers say of its body and its transport, rather than of how the browser may treat the page. */
const NOT_SECURITY = new Set(['content-type', 'content-length', 'content-encoding', 'transfer-encoding', 'vary', 'etag', 'last-modified', 'accept-ranges', 'cache-control', 'date', 'connection', 'keep-alive', 'set-cookie', 'content-security-policy']);

/**
 * The security headers of the product's answer, its policy apart (each peer is served under its
 * own). They weigh on a load: Cross-Origin-Opener-Policy puts the page in a browsing context group
 * of its own, a switch of renderer on each cold load from a new tab.
 */
export function securityHeadersOf(answer: Headers): Record<string, string> {
  return Object.fromEntries([...answer.entries()].filter(([name]) => !NOT_SECURITY.has(name)));
}

/** Serves the files in `dir` under `policy`, with `headers`; resolves with the base URL and a stop function. */
export async function servePeer(dir: string, policy: string, headers: Readonly<Record<string, string>>): Promise<{ base: string; stop: () => Promise<void> }> {
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent((request.url ?? '/').split('?')[0] ?? '/'));
    const file = join(dir, path === '/' ? 'index.html' : path);
    const brotli = /\bbr\b/.test(String(request.headers['accept-encoding'] ?? '')) && extname(file) !== '.html';
    readFile(brotli ? `${file}.br` : file).then(
      (body) => {
        response.writeHead(200, {
          ...headers,
          'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
          'content-security-policy': policy,
          'cache-control': 'no-store',
          ...(brotli ? { 'content-encoding': 'br', vary: 'accept-encoding' } : {}),
        });
        response.end(body);
      },
      () => {
        response.writeHead(404).end();
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { base: `http://127.0.0.1:${port}`, stop: () => new Promise((resolve) => server.close(() => resolve())) };
}

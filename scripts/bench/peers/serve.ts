// Serves a peer page (scripts/bench/peers/build.ts, dist/bench-<name>/) on a free loopback port, as
// the product is served: under a Content-Security-Policy (the product's, read from its server's
// answer, unless the page needs more), brotli when the browser takes it.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8' };

/** Serves the files in `dir` under `policy`; resolves with the base URL and a stop function. */
export async function servePeer(dir: string, policy: string): Promise<{ base: string; stop: () => Promise<void> }> {
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent((request.url ?? '/').split('?')[0] ?? '/'));
    const file = join(dir, path === '/' ? 'index.html' : path);
    const brotli = /\bbr\b/.test(String(request.headers['accept-encoding'] ?? '')) && extname(file) !== '.html';
    readFile(brotli ? `${file}.br` : file).then(
      (body) => {
        response.writeHead(200, {
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

// The address `npm run dev` serves: it answers the live-reload channel and its two files itself and
// forwards everything else to the reference server, adding the live-reload script to every HTML page
// (an external file: the pages' CSP allows only scripts and styles of their own origin).
import { readFile } from 'node:fs/promises';
import { createServer, request as forward, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import type { EventStream } from './event-stream';

/** The tag added to each page; the script subscribes to /dev/events. */
export const LIVE_RELOAD_TAG = '<script src="/dev/live-reload.js" defer></script>';

const FILES: Record<string, { file: string; type: string }> = {
  '/dev/live-reload.js': { file: 'live-reload.js', type: 'text/javascript; charset=utf-8' },
  '/dev/live-reload.css': { file: 'live-reload.css', type: 'text/css; charset=utf-8' },
};

/** `html` with the live-reload tag at the end of its head (or at its start, for a page without one). */
export function withLiveReload(html: string): string {
  const head = /<\/head\s*>/i.exec(html);
  return head ? `${html.slice(0, head.index)}${LIVE_RELOAD_TAG}\n${html.slice(head.index)}` : `${LIVE_RELOAD_TAG}\n${html}`;
}

const UNAVAILABLE = withLiveReload(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>The server is restarting</title></head>
<body><h1>The server is restarting</h1><p>This page reloads by itself when it is back.</p></body></html>
`);

async function sendFile(response: ServerResponse, name: string, type: string): Promise<void> {
  const body = await readFile(fileURLToPath(new URL(name, import.meta.url)));
  response.writeHead(200, { 'content-type': type, 'cache-control': 'no-cache', 'x-content-type-options': 'nosniff' });
  response.end(body);
}

function proxy(request: IncomingMessage, response: ServerResponse, origin: string): void {
  const target = new URL(request.url ?? '/', origin);
  const upstream = forward(target, { method: request.method, headers: request.headers }, (answer) => {
    const type = String(answer.headers['content-type'] ?? '');
    if (!type.startsWith('text/html') || answer.headers['content-encoding'] || request.method === 'HEAD') {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
      return;
    }
    const chunks: Buffer[] = [];
    answer.on('data', (chunk: Buffer) => chunks.push(chunk));
    answer.on('end', () => {
      const body = Buffer.from(withLiveReload(Buffer.concat(chunks).toString('utf8')));
      const { 'transfer-encoding': _chunked, ...headers } = answer.headers;
      response.writeHead(answer.statusCode ?? 502, { ...headers, 'content-length': String(body.length) });
      response.end(body);
    });
  });
  upstream.on('error', () => {
    if (response.headersSent) {
      response.destroy();
      return;
    }
    response.writeHead(503, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'retry-after': '1' });
    response.end(UNAVAILABLE);
  });
  request.pipe(upstream);
}

/** The front server: the event stream and its files, and the reference server (at `origin()`) behind it. */
export function createFrontServer(options: { stream: EventStream; origin: () => string | undefined }): Server {
  return createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    if (request.method === 'GET' && path === '/dev/events') {
      options.stream.subscribe(request, response);
      return;
    }
    const file = request.method === 'GET' ? FILES[path] : undefined;
    if (file) {
      sendFile(response, file.file, file.type).catch(() => {
        response.writeHead(500).end();
      });
      return;
    }
    const origin = options.origin();
    if (origin === undefined) {
      response.writeHead(503, { 'content-type': 'text/html; charset=utf-8', 'retry-after': '1' });
      response.end(UNAVAILABLE);
      return;
    }
    proxy(request, response, origin);
  });
}

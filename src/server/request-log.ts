// What the server's log says of a request. Fastify logs every request's URL as it came, query and
// all, and the query can hold a secret: the confirmation key (`confirm-unsubscribe?key=`,
// `confirm/?key=`), the receipt's undo key (`?undo=`), or either inside a sign-in's `next`. Logged,
// a key would be readable by whoever reads the logs, where the database keeps only its hash.
import type { IncomingMessage } from 'node:http';
import type { FastifyServerOptions } from 'fastify';
import { REDACTED } from './mail-redaction';

/**
 * A request's URL as the log writes it: its path, and its query's names with every value left out
 * (`/cancel/seo/confirm-unsubscribe?key=REDACTED`). Which call was made stays readable; no value of
 * the query, a secret or one wrapped in another parameter, reaches the log.
 */
export function loggedUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark === -1) return url;
  const names = [...new URLSearchParams(url.slice(mark + 1)).keys()];
  const query = names.map((name) => `${encodeURIComponent(name)}=${REDACTED}`).join('&');
  return query === '' ? url.slice(0, mark) : `${url.slice(0, mark)}?${query}`;
}

/** What the serializer reads of a request: Fastify passes its own request, which has `ip` and `host` too. */
type LoggedRequest = Pick<IncomingMessage, 'method' | 'url' | 'headers' | 'socket'> & { ip?: string; host?: string };

/** Fastify's request serializer (the same fields), with the URL as loggedUrl writes it. */
export function requestSerializer(request: LoggedRequest): { method?: string; url?: string; version?: string; host?: string; remoteAddress?: string; remotePort?: number } {
  const version = request.headers['accept-version'];
  return {
    method: request.method,
    url: request.url === undefined ? undefined : loggedUrl(request.url),
    version: typeof version === 'string' ? version : undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket.remotePort,
  };
}

/** The logger options with the request serializer in: a logger that is off stays off. */
export function withRequestSerializer(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (logger === undefined || logger === false) return logger;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, req: requestSerializer } };
}

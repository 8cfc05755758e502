// The answers the server gives before any route or hook runs: a URL it cannot decode (Fastify's
// FST_ERR_BAD_URL), and requests Node's HTTP parser refuses (headers too large, a broken request line,
// a request too slow). They carry the same JSON error body and security headers as every other
// answer, and echo nothing of the request, whose raw URL could be markup.
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyReply, FastifyServerOptions } from 'fastify';
import { securityHeaders, type SecurityOptions } from './security-headers';

/** The longest route parameter (Fastify's `maxParamLength`): longer than any toolkit segment or key. */
const MAX_PARAM_LENGTH = 100;

/** What the parser refused, as our status, code and sentence. */
function clientProblem(error: Error & { code?: string }): { status: number; code: string; message: string } {
  if (error.code === 'HPE_HEADER_OVERFLOW') return { status: 431, code: 'headers-too-large', message: 'headers: the request headers are larger than the server accepts.' };
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, code: 'request-timeout', message: 'request: the request took too long to arrive.' };
  return { status: 400, code: 'bad-request', message: 'request: the request is not valid HTTP.' };
}

/** Fastify options that answer early errors like every other error. */
export function earlyErrorOptions(security: SecurityOptions): Pick<FastifyServerOptions, 'frameworkErrors' | 'clientErrorHandler' | 'routerOptions'> {
  const headers = { ...securityHeaders(security), 'cache-control': 'no-store' };
  return {
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors(error, _request, reply: FastifyReply) {
      const [status, body] =
        error.code === 'FST_ERR_BAD_URL'
          ? [400, { error: 'bad-url', message: 'url: the address is not a valid URL (a % not followed by two hexadecimal digits).' }]
          : // No route's part is that long (a toolkit's segment, a step): the address names nothing.
            error.code === 'FST_ERR_MAX_PARAM_LENGTH'
            ? [404, { error: 'not-found', message: `url: a part of the address is longer than ${MAX_PARAM_LENGTH} characters; there is no such page or call.` }]
            : [400, { error: 'bad-request', message: 'request: the server could not read this request.' }];
      void reply.code(status).headers(headers).type('application/json; charset=utf-8').send(body);
    },
    clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
      if (!socket.writable) return;
      const { status, code, message } = clientProblem(error);
      const body = JSON.stringify({ error: code, message });
      const lines = [
        `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Bad Request'}`,
        'content-type: application/json; charset=utf-8',
        `content-length: ${Buffer.byteLength(body)}`,
        'connection: close',
        ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
      ];
      socket.end(`${lines.join('\r\n')}\r\n\r\n${body}`);
    },
  };
}

// A development collector for error reports (absent in production, like every /dev route): the
// app's Sentry SDK sends its envelopes here by default (DSN http://public@HOST/dev/sentry/1, the
// same origin, so the page's CSP `connect-src 'self'` allows it), and tests read back what would
// have reached Sentry.
//   POST /dev/sentry/api/:project/envelope/   an envelope, as Sentry's transport sends it
//   GET  /dev/sentry/events.json              its items, newest first; ?session=current keeps the
//                                             caller's session's, ?type=event only error events
//   DELETE /dev/sentry/events                 forgets everything
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context';
import { ApiError } from '../errors';

/** How many envelopes are kept, and how many bytes of them at most; the oldest go first. */
const KEEP = 1000;
const KEEP_BYTES = 50 * 1024 * 1024;
/** Envelopes carry breadcrumbs and spans; far more than the API's 64 KiB bodies. */
const ENVELOPE_LIMIT = 1024 * 1024;

/** One item of an envelope (an error event, a span batch, a session, a client report…). */
export interface CollectedItem {
  /** The envelope's number in arrival order, from 1. */
  envelope: number;
  project: string;
  receivedAt: string;
  /** The item type: `event`, `span`, `transaction`, `session`, `client_report`… */
  type: string;
  /** The item's payload, parsed when it is JSON. */
  payload: unknown;
}

interface StoredEnvelope {
  id: number;
  project: string;
  receivedAt: string;
  /** The sender's session (its hashed id), so a test can read its own reports only. */
  session: string | undefined;
  bytes: number;
  header: unknown;
  items: { type: string; payload: unknown }[];
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** An envelope whose item headers cannot be read: answered 400 as it is thrown. */
class EnvelopeError extends ApiError {
  constructor(message: string) {
    super(400, 'invalid-envelope', message);
  }
}

/**
 * Splits a Sentry envelope: a header line, then per item a header line and a payload, which is
 * `length` bytes long when the item header says so and runs to the next newline otherwise.
 */
export function parseEnvelope(body: Buffer): { header: unknown; items: { type: string; payload: unknown }[] } {
  let offset = 0;
  const readLine = (): string | undefined => {
    if (offset >= body.length) return undefined;
    const end = body.indexOf(0x0a, offset);
    const line = body.subarray(offset, end < 0 ? body.length : end).toString('utf8');
    offset = end < 0 ? body.length : end + 1;
    return line;
  };
  const header = parseJson(readLine() ?? '{}');
  const items: { type: string; payload: unknown }[] = [];
  for (let line = readLine(); line !== undefined; line = readLine()) {
    if (line.trim() === '') continue;
    const parsed = parseJson(line);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new EnvelopeError(`item ${items.length + 1}: its header is not a JSON object`);
    const itemHeader = parsed as { type?: unknown; length?: unknown };
    let payload: string;
    if (itemHeader.length !== undefined) {
      const { length } = itemHeader;
      if (typeof length !== 'number' || !Number.isInteger(length) || length < 0 || length > body.length - offset) {
        throw new EnvelopeError(`item ${items.length + 1}: length ${JSON.stringify(length)} is not a whole number of the ${body.length - offset} bytes left`);
      }
      payload = body.subarray(offset, offset + length).toString('utf8');
      offset += length;
      if (body[offset] === 0x0a) offset += 1;
    } else {
      payload = readLine() ?? '';
    }
    items.push({ type: typeof itemHeader.type === 'string' ? itemHeader.type : 'unknown', payload: parseJson(payload) });
  }
  return { header, items };
}

/** The development collector's routes (registered by devRoutes, so never in production). */
export function devSentryRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const envelopes: StoredEnvelope[] = [];
  let next = 1;
  let bytes = 0;
  const sessionOf = async (request: FastifyRequest) => (await ctx.sessions.of(request))?.idHash;

  void app.register(async (collector) => {
    // Sentry's browser transport posts the envelope as text/plain; take any type, as bytes.
    collector.removeAllContentTypeParsers();
    collector.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: ENVELOPE_LIMIT }, (_request, body, done) => done(null, body));

    collector.post('/dev/sentry/api/:project/envelope/', { bodyLimit: ENVELOPE_LIMIT }, async (request) => {
      const { project } = request.params as { project: string };
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.from('');
      const { header, items } = parseEnvelope(body);
      const id = next++;
      envelopes.push({ id, project, receivedAt: new Date(ctx.now()).toISOString(), session: await sessionOf(request), bytes: body.length, header, items });
      bytes += body.length;
      while (envelopes.length > KEEP || (bytes > KEEP_BYTES && envelopes.length > 1)) bytes -= envelopes.shift()?.bytes ?? 0;
      // Sentry answers 200 with the event id; the SDK only looks at the status.
      return { id: (header as { event_id?: unknown } | null)?.event_id ?? String(id) };
    });
  });

  app.get('/dev/sentry/events.json', async (request) => {
    const query = request.query as Record<string, unknown>;
    const session = query.session === 'current' ? ((await sessionOf(request)) ?? '') : undefined;
    const type = typeof query.type === 'string' ? query.type : undefined;
    return envelopes
      .filter((envelope) => session === undefined || envelope.session === session)
      .flatMap((envelope) =>
        envelope.items.map(
          (item): CollectedItem => ({ envelope: envelope.id, project: envelope.project, receivedAt: envelope.receivedAt, type: item.type, payload: item.payload }),
        ),
      )
      .filter((item) => type === undefined || item.type === type)
      .reverse();
  });

  app.delete('/dev/sentry/events', async (_request, reply) => {
    envelopes.length = 0;
    bytes = 0;
    return reply.code(204).send();
  });
}

import type { FastifyReply, FastifyRequest } from 'fastify';
import { canonicalJson } from '../model/canonical-json';
import { ApiError } from './errors';
import type { Store } from './store/store';
import { sha256 } from './tokens';

/** What a write handler produces: the status and JSON body to send. */
export interface Outcome {
  status: number;
  body: unknown;
}

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/**
 * Which write a key belongs to: the user, the call and the toolkit the call resolved to. Not the
 * URL, because two URLs can name the same write (`/cancel/api/traffic/...` is an alias of
 * `/cancel/api/traffic-and-market/...`), and a retry through either must not run it twice.
 */
export interface IdempotencyScope {
  userId: string;
  /** The call, e.g. `send-confirmation-email`. */
  call: string;
  /** The toolkit the path resolved to; absent for survey storage, whose toolkit is in the body. */
  toolkit?: string;
}

/**
 * The request's hash, and the one records stored before the hash was canonical have (the fields in the
 * order they came), so a retry across that change is still a replay.
 */
function requestHashes(request: FastifyRequest): { hash: string; legacy: string } {
  const parts = { query: request.query ?? null, body: request.body ?? null };
  return { hash: sha256(canonicalJson(parts)), legacy: sha256(JSON.stringify(parts)) };
}

function scopeName(scope: IdempotencyScope): string {
  return scope.toolkit === undefined ? scope.call : `${scope.toolkit} ${scope.call}`;
}

/**
 * Runs a write at most once per `Idempotency-Key` (per user, call and toolkit). The check, the write
 * and the record share one store transaction, so a replay returns the first response and does
 * nothing again, also when the first and the replay reach different server processes at once. Only
 * successful outcomes are kept: a failed attempt may be retried with the same key. A key reused with
 * a different request is refused (422). `write` runs inside the transaction, and may run again
 * (see Store.transaction).
 */
export function idempotent(store: Store, now: () => number) {
  const table = store.idempotency;
  return async function run(request: FastifyRequest, reply: FastifyReply, scope: IdempotencyScope, write: () => Promise<Outcome>): Promise<Outcome> {
    const header = request.headers['idempotency-key'];
    if (header === undefined) return store.transaction(write);
    if (typeof header !== 'string' || !KEY_PATTERN.test(header)) {
      throw new ApiError(400, 'invalid-idempotency-key', 'Idempotency-Key: must be 1 to 255 visible ASCII characters.');
    }
    const { userId } = scope;
    const route = scopeName(scope);
    const { hash: requestHash, legacy } = requestHashes(request);
    return store.transaction(async (): Promise<Outcome> => {
      const stored = await table.find(header, userId, route);
      if (stored !== undefined) {
        if (stored.requestHash !== requestHash && stored.requestHash !== legacy) {
          throw new ApiError(
            422,
            'idempotency-key-reused',
            'Idempotency-Key: this key was already used for a different request.',
          );
        }
        reply.header('idempotent-replayed', 'true');
        return { status: stored.status, body: stored.body };
      }
      const outcome = await write();
      if (outcome.status >= 200 && outcome.status < 300) {
        await table.save(header, userId, route, { requestHash, ...outcome }, now());
      }
      return outcome;
    });
  };
}

export type Idempotent = ReturnType<typeof idempotent>;

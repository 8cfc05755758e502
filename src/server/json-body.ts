import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors';

/** Why a body Fastify's safe parser refused is wrong: JSON syntax (with position) or a prototype key. */
function jsonProblem(text: string): ApiError {
  try {
    JSON.parse(text);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return new ApiError(400, 'malformed-json', `body: the request body is not valid JSON (${detail}).`);
  }
  return new ApiError(400, 'forbidden-property', 'body: keys named __proto__ or constructor.prototype are not allowed.');
}

/** The deepest nesting a request body may have: a survey payload needs 4 levels, so 32 refuse nothing real. */
export const MAX_BODY_DEPTH = 32;

/**
 * Whether `value` nests arrays and objects deeper than `limit`. Walked with a stack of its own, not by
 * recursion: a 64 KiB body can nest 30,000 levels, which would overflow the call stack of whatever
 * walks it recursively next (hashing it for idempotency, validating it).
 */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    if (typeof item.value !== 'object' || item.value === null) continue;
    const depth = item.depth + 1;
    if (depth > limit) return true;
    for (const child of Object.values(item.value)) stack.push({ value: child, depth });
  }
  return false;
}

/**
 * Every call is JSON (spec §7): the only body parser is JSON, so other bodies get 415. Parsing is
 * Fastify's (prototype-poisoning safe), and a body nesting deeper than MAX_BODY_DEPTH is refused
 * before anything walks it. The client sends `Content-Type: application/json` on every
 * call, also without a body, so an empty body counts as no body rather than as malformed JSON.
 * A route that takes navigator.sendBeacon's bodies adds `text/plain` in its own scope: a beacon
 * can only send JSON as text.
 */
export function installJsonParser(app: FastifyInstance, contentTypes: readonly string[] = ['application/json']): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser([...contentTypes], { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, (error, value: unknown) => {
      if (error !== null) done(jsonProblem(text), undefined);
      else if (nestsDeeperThan(value, MAX_BODY_DEPTH)) done(new ApiError(400, 'too-deep', `body: nests more than ${MAX_BODY_DEPTH} levels deep.`), undefined);
      else done(null, value);
    });
  });
}

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

/**
 * Every call is JSON (spec §7): the only body parser is JSON, so other bodies get 415. Parsing is
 * Fastify's (prototype-poisoning safe). The client sends `Content-Type: application/json` on every
 * call, also without a body, so an empty body counts as no body rather than as malformed JSON.
 */
export function installJsonParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, (error, value: unknown) => {
      if (error === null) done(null, value);
      else done(jsonProblem(text), undefined);
    });
  });
}

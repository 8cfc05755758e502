import type { FastifyInstance, FastifyRequest } from 'fastify';
import { strictUtf8 } from '../model/utf8';
import { ApiError } from './errors';

/**
 * The body's text, read as JSON's own encoding (RFC 8259: UTF-8). A body compressed (as its content or
 * in transfer), or declared in another charset, is refused with 415; one that is not UTF-8 with 400 at
 * its first bad byte: decoded with replacement, a Latin-1 'Zoë' would be stored as 'Zo\uFFFD', the
 * customer's text lost.
 */
function bodyText(request: FastifyRequest, body: Buffer): string {
  const encoding = request.headers['content-encoding']?.trim().toLowerCase();
  if (encoding !== undefined && encoding !== '' && encoding !== 'identity') {
    throw new ApiError(415, 'unsupported-content-encoding', `Content-Encoding: ${encoding} is not taken; send the body uncompressed.`);
  }
  // Node undoes the chunking only: a body also compressed in transfer (`gzip, chunked`) arrives compressed.
  const transfer = (request.headers['transfer-encoding'] ?? '').split(',').map((coding) => coding.trim().toLowerCase());
  const compressed = transfer.filter((coding) => coding !== '' && coding !== 'chunked' && coding !== 'identity');
  if (compressed.length > 0) {
    throw new ApiError(415, 'unsupported-transfer-encoding', `Transfer-Encoding: ${compressed.join(', ')} is not taken; send the body uncompressed (chunked alone is fine).`);
  }
  const charset = /;\s*charset\s*=\s*"?([^";\s]*)/i.exec(request.headers['content-type'] ?? '')?.[1]?.toLowerCase();
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
    throw new ApiError(415, 'unsupported-charset', `Content-Type: charset=${charset} is not taken; send the body as UTF-8 (charset=utf-8, or none).`);
  }
  const text = strictUtf8(body);
  if (typeof text === 'string') return text;
  throw new ApiError(400, 'invalid-utf8', `body: the byte 0x${text.byte} at offset ${text.offset} is not valid UTF-8; send the body as UTF-8.`);
}

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

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The content types a route reads its JSON body from, where they are more than application/json (its 415 names them). */
    bodyTypes?: readonly string[];
  }
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

/** A field's path as the schema refusals write it: `survey.first_question.comment`, `events[0].id`. */
function childPath(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return path === '' ? key : `${path}.${key}`;
}

type Frame = { kind: 'object'; path: string; keys: Set<string>; key: string; expectKey: boolean } | { kind: 'array'; path: string; index: number };

/**
 * The path of the first field an object of `text` (JSON already parsed) gives twice, however its name is
 * escaped. JSON.parse keeps the last of them without a word, so the first value sent would be lost.
 */
export function duplicateFieldIn(text: string): string | undefined {
  const stack: Frame[] = [];
  const here = (): string => {
    const top = stack.at(-1);
    return top === undefined ? '' : top.kind === 'object' ? childPath(top.path, top.key) : childPath(top.path, top.index);
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    const top = stack.at(-1);
    if (char === '"') {
      let end = i + 1;
      while (text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      if (top?.kind === 'object' && top.expectKey) {
        const key = JSON.parse(text.slice(i, end + 1)) as string;
        if (top.keys.has(key)) return childPath(top.path, key);
        top.keys.add(key);
        top.key = key;
        top.expectKey = false;
      }
      i = end;
    } else if (char === '{') stack.push({ kind: 'object', path: here(), keys: new Set(), key: '', expectKey: true });
    else if (char === '[') stack.push({ kind: 'array', path: here(), index: 0 });
    else if (char === '}' || char === ']') stack.pop();
    else if (char === ',' && top !== undefined) {
      if (top.kind === 'object') top.expectKey = true;
      else top.index += 1;
    }
  }
  return undefined;
}

/** Half of a surrogate pair without its other half (in a `u` regex, a whole pair is one character, not Cs). */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Where the body holds text that is not Unicode: a string, or a field's name, with a lone surrogate
 * (`"\ud800"` is valid JSON, but no character). Such text cannot be written as UTF-8: the database, a
 * mail or an export would hold U+FFFD in its place. Walked with a stack of its own, as nestsDeeperThan.
 */
export function loneSurrogateIn(value: unknown): { path: string; unit: string; inName: boolean } | undefined {
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  const unitOf = (text: string): string => `\\u${(LONE_SURROGATE.exec(text)?.[0].charCodeAt(0) ?? 0).toString(16)}`;
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const { value: here, path } = item;
    if (typeof here === 'string') {
      if (LONE_SURROGATE.test(here)) return { path: path === '' ? 'body' : path, unit: unitOf(here), inName: false };
    } else if (Array.isArray(here)) {
      for (let i = here.length - 1; i >= 0; i--) stack.push({ value: here[i], path: childPath(path, i) });
    } else if (typeof here === 'object' && here !== null) {
      const entries = Object.entries(here);
      const named = entries.find(([key]) => LONE_SURROGATE.test(key));
      if (named !== undefined) return { path: path === '' ? 'body' : path, unit: unitOf(named[0]), inName: true };
      for (const [key, child] of entries.reverse()) stack.push({ value: child, path: childPath(path, key) });
    }
  }
  return undefined;
}

/** Refusals of a body JSON parses, but that would not be read as sent; undefined when there is none. */
function bodyProblem(text: string, value: unknown): ApiError | undefined {
  if (nestsDeeperThan(value, MAX_BODY_DEPTH)) return new ApiError(400, 'too-deep', `body: nests more than ${MAX_BODY_DEPTH} levels deep.`);
  const duplicate = duplicateFieldIn(text);
  if (duplicate !== undefined) return new ApiError(400, 'duplicate-field', `${duplicate}: is given more than once in its object; give each field once.`);
  const lone = loneSurrogateIn(value);
  if (lone !== undefined) {
    const where = lone.inName ? `${lone.path}: a field's name holds` : `${lone.path}: holds`;
    return new ApiError(400, 'invalid-unicode', `${where} ${lone.unit}, half of a surrogate pair without its other half; text must be whole Unicode characters.`);
  }
  return undefined;
}

/**
 * Every call is JSON (spec §7): the only body parser is JSON, so other bodies get 415. Parsing is
 * Fastify's (prototype-poisoning safe), and a body nesting deeper than MAX_BODY_DEPTH is refused
 * before anything walks it; so is one that gives a field twice, or holds a lone surrogate. The
 * client sends `Content-Type: application/json` on every call, also without a body, so an empty
 * body counts as no body rather than as malformed JSON.
 * A route that takes navigator.sendBeacon's bodies adds `text/plain` in its own scope: a beacon
 * can only send JSON as text.
 */
export function installJsonParser(app: FastifyInstance, contentTypes: readonly string[] = ['application/json']): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser([...contentTypes], { parseAs: 'buffer' }, (request, body: Buffer, done) => {
    let text: string;
    try {
      text = bodyText(request, body);
    } catch (error) {
      done(error instanceof Error ? error : new Error(String(error)), undefined);
      return;
    }
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, (error, value: unknown) => {
      if (error !== null) done(jsonProblem(text), undefined);
      else {
        const problem = bodyProblem(text, value);
        if (problem === undefined) done(null, value);
        else done(problem, undefined);
      }
    });
  });
}

// The error handler's answers: ours as thrown, a database unavailable for now as a 503 the page retries, anything
// else as a 500 that says nothing of the server's insides.
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, installErrorHandler } from '../../src/server/errors';
import { StoreUnavailableError } from '../../src/server/store/sql/database';

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify({ logger: false });
  installErrorHandler(app);
  app.get('/api-error', () => {
    throw new ApiError(429, 'too-many-submissions', 'Too many surveys sent; try again in 12 seconds.', { 'retry-after': '12' });
  });
  app.get('/busy', () => {
    throw new StoreUnavailableError('busy', 'PostgreSQL refused the transaction 8 times for concurrent ones (SQLSTATE 40001).');
  });
  app.get('/unreachable', () => {
    throw new StoreUnavailableError('unreachable', 'PostgreSQL could not be reached, or the connection broke (connect ECONNREFUSED 10.0.0.7:5432).');
  });
  app.get('/failure', () => {
    throw new Error('connection string postgres://user:secret@db/cancel is wrong');
  });
  await app.ready();
});
afterAll(() => app.close());

describe('the server’s error answers', () => {
  it('answers an ApiError with its status, code, sentence and headers', async () => {
    const answer = await app.inject('/api-error');
    expect(answer.statusCode).toBe(429);
    expect(answer.headers['retry-after']).toBe('12');
    expect(answer.json()).toEqual({ error: 'too-many-submissions', message: 'Too many surveys sent; try again in 12 seconds.' });
  });

  it('answers a busy database with 503 store-busy and a Retry-After of 1 second, which the page retries', async () => {
    const answer = await app.inject('/busy');
    expect(answer.statusCode).toBe(503);
    expect(answer.headers['retry-after']).toBe('1');
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.json()).toEqual({ error: 'store-busy', message: 'The server is busy with other requests; nothing was changed. Try again in a moment.' });
  });

  it('answers a database out of reach with 503 store-unreachable and a Retry-After of 2 seconds, naming no address', async () => {
    const answer = await app.inject('/unreachable');
    expect(answer.statusCode).toBe(503);
    expect(answer.headers['retry-after']).toBe('2');
    expect(answer.json()).toEqual({ error: 'store-unreachable', message: 'The server cannot reach its database just now. Try again in a moment.' });
  });

  it('answers any other failure with 500 internal-error and none of its message', async () => {
    const answer = await app.inject('/failure');
    expect(answer.statusCode).toBe(500);
    expect(answer.headers['retry-after']).toBeUndefined();
    expect(answer.json()).toEqual({ error: 'internal-error', message: 'Something went wrong on the server.' });
  });
});

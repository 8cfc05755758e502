import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, RequestError } from '../../../src/api';
import { failureReason } from '../../../src/app/failure-reason';
import { ChunkLoadError } from '../../../src/monitoring';

const refused = (status: number, body: unknown) =>
  new ApiError('Send confirmation email was failed', new RequestError('Request was failed', '/x', status, body));

afterEach(() => vi.unstubAllGlobals());

describe('failureReason', () => {
  it('names the refusals a customer can act on by the server’s error code', () => {
    expect(failureReason(refused(409, { error: 'already-confirmed', message: 'x' }))).toBe('cancelled');
    expect(failureReason(refused(409, { error: 'already-cancelled', message: 'x' }))).toBe('cancelled');
    expect(failureReason(refused(403, { error: 'toolkit-not-available', message: 'x' }))).toBe('cancelled');
    expect(failureReason(refused(409, { error: 'cancellation-pending', message: 'x' }))).toBe('cancelling');
    expect(failureReason(refused(429, { error: 'resend-too-soon', message: 'x' }))).toBe('too-soon');
    expect(failureReason(refused(401, { error: 'not-signed-in', message: 'x' }))).toBe('signed-out');
  });

  it('says nothing more for other codes, inherited names or a body without a code', () => {
    expect(failureReason(refused(400, { error: 'invalid-survey', message: 'x' }))).toBe('other');
    expect(failureReason(refused(409, { error: 'constructor' }))).toBe('other');
    expect(failureReason(refused(500, 'Internal'))).toBe('other');
    expect(failureReason(refused(503, { error: 'already-confirmed' }))).toBe('busy');
    expect(failureReason(new Error('no request'))).toBe('other');
  });

  it('says the browser is offline when code did not load offline, and nothing more online', () => {
    const failed = new ChunkLoadError('SurveyLaterScreens', 'Failed to fetch dynamically imported module: /x.js');
    vi.stubGlobal('navigator', { onLine: false });
    expect(failureReason(failed)).toBe('offline');
    vi.stubGlobal('navigator', { onLine: true });
    expect(failureReason(failed)).toBe('other');
  });
});

import { describe, expect, it } from 'vitest';
import { ApiError, RequestError } from '../../../src/api';
import { failureReason } from '../../../src/app/failure-reason';

const refused = (status: number, body: unknown) =>
  new ApiError('Send confirmation email was failed', new RequestError('Request was failed', '/x', status, body));

describe('failureReason', () => {
  it('names the refusals a customer can act on by the server’s error code', () => {
    expect(failureReason(refused(409, { error: 'already-confirmed', message: 'x' }))).toBe('cancelled');
    expect(failureReason(refused(409, { error: 'already-cancelled', message: 'x' }))).toBe('cancelled');
    expect(failureReason(refused(403, { error: 'toolkit-not-available', message: 'x' }))).toBe('cancelled');
    expect(failureReason(refused(409, { error: 'cancellation-pending', message: 'x' }))).toBe('cancelling');
    expect(failureReason(refused(429, { error: 'resend-too-soon', message: 'x' }))).toBe('too-soon');
  });

  it('says nothing more for other codes, inherited names or a body without a code', () => {
    expect(failureReason(refused(400, { error: 'invalid-survey', message: 'x' }))).toBe('other');
    expect(failureReason(refused(409, { error: 'constructor' }))).toBe('other');
    expect(failureReason(refused(500, 'Internal'))).toBe('other');
    expect(failureReason(refused(503, { error: 'already-confirmed' }))).toBe('busy');
    expect(failureReason(new Error('no request'))).toBe('other');
  });
});

import { describe, expect, it } from 'vitest';
import { IGNORED_ERRORS, isIgnoredError } from '../../../src/monitoring/ignore';

describe('the ignore patterns (spec §8)', () => {
  it('drop the known noise in its real wording', () => {
    for (const noise of [
      'Object Not Found Matching Id:3, MethodName:update, ParamCount:4',
      'Non-Error promise rejection captured with value: Object Not Found Matching Id:1',
      'object-not-found id',
      new Error('avast submit is not a function'),
      new TypeError("Cannot read properties of undefined (reading '_avast_submit')"),
      new ReferenceError('globalThis is not defined'),
      new ReferenceError('sm2 is not defined'),
      { message: 'soundManager sm2 failed' },
    ]) {
      expect(isIgnoredError(noise), String(noise)).toBe(true);
    }
  });

  it('keep our own failures', () => {
    for (const failure of [
      new Error("User data wasn't received: Request was failed: url: /cancel/api/get-context/, status: 500"),
      new Error('chunk failed to load: SurveyPage (Failed to fetch dynamically imported module)'),
      'Object found',
    ]) {
      expect(isIgnoredError(failure), String(failure)).toBe(false);
    }
  });

  it('are four, one per pattern of the spec', () => {
    expect(IGNORED_ERRORS).toHaveLength(4);
  });
});

import { describe, expect, it } from 'vitest';
import { countState, textLength } from '../../../src/renderer/character-count';

describe('countState', () => {
  it('counts down to the limit and then up past it', () => {
    expect(countState(undefined, 1500)).toEqual({ kind: 'remaining', count: 1500 });
    expect(countState('x'.repeat(1488), 1500)).toEqual({ kind: 'remaining', count: 12 });
    expect(countState('x'.repeat(1500), 1500)).toEqual({ kind: 'remaining', count: 0 });
    expect(countState('x'.repeat(1503), 1500)).toEqual({ kind: 'over', count: 3 });
  });

  it('counts characters as the validator does, an emoji as one', () => {
    expect(textLength('👋🏽a')).toBe(3);
    expect(textLength('ééé')).toBe(3);
  });
});

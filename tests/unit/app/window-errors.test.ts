// The window's errors and rejections from before the app's start (src/app/window-errors.ts): kept
// from the page's first script on, handed to the app's reporter in order, then reported as they come.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Module = typeof import('../../../src/app/window-errors');

let target: EventTarget;
let windowErrors: Module;

const uncaught = (error: unknown, message = String(error)) => target.dispatchEvent(Object.assign(new Event('error'), { error, message }));
const rejected = (reason: unknown) => target.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason }));

beforeEach(async () => {
  target = new EventTarget();
  vi.stubGlobal('window', target);
  vi.resetModules();
  windowErrors = await import('../../../src/app/window-errors');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('window failures', () => {
  it('keeps what comes before the start and hands it over in order, then reports as it comes', () => {
    windowErrors.listenForWindowFailures();
    const early = new Error('early');
    uncaught(early);
    rejected('refused');
    const reported: unknown[][] = [];
    windowErrors.reportWindowFailures((...failure) => reported.push(failure));
    expect(reported).toEqual([
      [early, 'Uncaught error'],
      ['refused', 'Unhandled rejection'],
    ]);
    uncaught(undefined, 'Script error.');
    expect(reported.at(-1)).toEqual(['Script error.', 'Uncaught error']);
    expect(reported).toHaveLength(3);
  });

  it('listens once, however often it is asked, so nothing is reported twice', () => {
    windowErrors.listenForWindowFailures();
    windowErrors.listenForWindowFailures();
    const reported: unknown[][] = [];
    windowErrors.reportWindowFailures((...failure) => reported.push(failure));
    uncaught(new Error('once'));
    expect(reported).toHaveLength(1);
  });

  it('listens from the start when the first script did not run', () => {
    const reported: unknown[][] = [];
    windowErrors.reportWindowFailures((...failure) => reported.push(failure));
    rejected('late');
    expect(reported).toEqual([['late', 'Unhandled rejection']]);
  });

  it('keeps at most MAX_EARLY_FAILURES before the start', () => {
    windowErrors.listenForWindowFailures();
    for (let index = 0; index < windowErrors.MAX_EARLY_FAILURES + 5; index += 1) uncaught(new Error(`loop ${index}`));
    const reported: unknown[][] = [];
    windowErrors.reportWindowFailures((...failure) => reported.push(failure));
    expect(reported).toHaveLength(windowErrors.MAX_EARLY_FAILURES);
    expect((reported[0]?.[0] as Error).message).toBe('loop 0');
  });
});

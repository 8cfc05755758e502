// The code a server-rendered page fetches once its first screen is painted (src/app/deferred-start.ts):
// the template's preloads taken once, and the wait for a paint, which a hidden page does not make.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint, takeDeferredPreloads } from '../../../src/app/deferred-start';

class FakeTemplate {
  removed = false;
  readonly content = { links: 2 };
  remove() {
    this.removed = true;
  }
}

let frames: (() => void)[];
let visibility: 'visible' | 'hidden';
let elements: Record<string, unknown>;

beforeEach(() => {
  vi.useFakeTimers();
  frames = [];
  visibility = 'visible';
  elements = {};
  vi.stubGlobal('HTMLTemplateElement', FakeTemplate);
  vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
  vi.stubGlobal('document', {
    get visibilityState() {
      return visibility;
    },
    getElementById: (id: string) => elements[id] ?? null,
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Whether the promise has settled by now. */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

describe('takeDeferredPreloads', () => {
  it('takes the template’s preloads out of the page, once', () => {
    const template = new FakeTemplate();
    elements['deferred-preloads'] = template;
    expect(takeDeferredPreloads()).toBe(template.content);
    expect(template.removed).toBe(true);
  });

  it('finds none on a page without the template, or where the id is not a template', () => {
    expect(takeDeferredPreloads()).toBeNull();
    elements['deferred-preloads'] = { remove: () => undefined };
    expect(takeDeferredPreloads()).toBeNull();
  });
});

describe('afterFirstPaint', () => {
  it('settles in the task after the next frame, not before it', async () => {
    const painted = afterFirstPaint();
    expect(await settled(painted)).toBe(false);
    expect(frames).toHaveLength(1);
    frames[0]?.();
    expect(await settled(painted)).toBe(true);
  });

  it('settles at once on a hidden page, which is not painted', async () => {
    visibility = 'hidden';
    expect(await settled(afterFirstPaint())).toBe(true);
    expect(frames).toHaveLength(0);
  });

  it('waits 250 ms at the most for a frame that does not come', async () => {
    const painted = afterFirstPaint();
    await vi.advanceTimersByTimeAsync(249);
    expect(await settled(painted)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(painted)).toBe(true);
  });
});

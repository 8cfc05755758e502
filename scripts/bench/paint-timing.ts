// When a page painted, as the browser reports it: its first contentful paint, its largest
// contentful paint so far, and the first paint of an answer of its first question (Element
// Timing: the answer's element is marked with an `elementtiming` attribute as soon as it exists,
// before the frame that draws it). Also notes the page's Content-Security-Policy violations.
import type { Page } from '@playwright/test';
import { waitInPage } from './first-screen';

/** What the init script of watchPaint keeps in the page. */
interface PaintState {
  /** Whether the watched radio entered the DOM in the same change as the answer (not before, not after). */
  radioWithAnswer?: boolean;
  /** startTime of the first Element Timing entry of the marked answer (its text drawn). */
  answerAt?: number;
  /** startTime of the latest largest-contentful-paint entry. */
  lcp?: number;
  /** 'directive blocked-uri' of each Content-Security-Policy violation. */
  violations: string[];
}

declare global {
  interface Window {
    __benchPaint?: PaintState;
  }
}

const MARK = 'bench-first-answer';

/**
 * From the page's first script on: marks the first element matching `answer` (a whole answer of
 * the list: its control and its text) and everything in it for Element Timing (text is reported
 * for the block it is laid out in, so the whole item is marked, with what the HTML parser adds to it
 * in a later task, until it is painted), notes whether `radio` (the first
 * input, as watchFirstInput watches it) came in the same DOM change, and observes the paint
 * entries. Call before navigating.
 */
export async function watchPaint(page: Page, answer: string, radio: string): Promise<void> {
  // Source text, not a function, as in first-screen.ts watchFirstInput.
  await page.addInitScript(`(() => {
    const state = { violations: [] };
    window.__benchPaint = state;
    const watched = ${JSON.stringify(answer)};
    const radio = ${JSON.stringify(radio)};
    let radioBefore = false;
    let item = null;
    // Marks the answer for Element Timing as it enters the DOM, until it is painted.
    const answerMarker = new MutationObserver(() => {
      if (!item) {
        item = document.querySelector(watched);
        const radioNow = document.querySelector(radio) !== null;
        if (!item) {
          radioBefore = radioNow;
          return;
        }
        state.radioWithAnswer = radioNow && !radioBefore;
      }
      // The HTML parser may stop inside the answer and go on in a later task (a server-rendered
      // page): what comes of it later is marked too, until it is painted.
      for (const element of [item, ...item.querySelectorAll('*')]) {
        if (!element.hasAttribute('elementtiming')) element.setAttribute('elementtiming', ${JSON.stringify(MARK)});
      }
    });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.identifier === ${JSON.stringify(MARK)} && (state.answerAt === undefined || entry.startTime < state.answerAt)) state.answerAt = entry.startTime;
      }
      if (state.answerAt !== undefined) answerMarker.disconnect();
    }).observe({ type: 'element', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) state.lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    document.addEventListener('securitypolicyviolation', (event) => state.violations.push(event.violatedDirective + ' ' + event.blockedURI));
    answerMarker.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled'] });
  })();`);
}

export interface Paints {
  /** Milliseconds from navigation start to the first contentful paint. */
  fcp: number;
  /** To the largest contentful paint reported by the time the answer was painted. */
  lcp: number | undefined;
  /** To the first paint of the watched answer. */
  answer: number;
  /** Whether the watched radio entered the DOM (enabled) in the same change as the answer. */
  radioWithAnswer: boolean;
  violations: string[];
}

/** Waits until the watched answer has been painted, then reads the paint times. */
export async function readPaints(page: Page, timeout = 30_000): Promise<Paints> {
  await waitInPage(page, "window.__benchPaint?.answerAt !== undefined && performance.getEntriesByName('first-contentful-paint').length > 0", timeout);
  // Source text for the same reason as in watchPaint.
  return page.evaluate<Paints>(`(() => {
    const state = window.__benchPaint;
    return { fcp: performance.getEntriesByName('first-contentful-paint')[0].startTime, lcp: state.lcp, answer: state.answerAt, radioWithAnswer: state.radioWithAnswer === true, violations: state.violations };
  })()`);
}

// What a page looks like printed: browsers leave out background colours by default, so every word
// must read on white paper by its own colour.
import type { Page } from '@playwright/test';

/** The words shown in print media whose colour is too light to read on white (WCAG's 4.5:1), with that colour. */
export async function unreadableOnPaper(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const luminance = (rgb: string): number => {
      const [r = 0, g = 0, b = 0] = (rgb.match(/[\d.]+/g) ?? []).map(Number).map((c) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const unreadable: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const text = walker.currentNode as Text;
      const element = text.parentElement;
      if (text.data.trim() === '' || element === null || element.closest('script, style, template, noscript, .visually-hidden') !== null) continue;
      const style = getComputedStyle(element);
      if (element.getClientRects().length === 0 || style.visibility !== 'visible' || Number(style.opacity) === 0) continue;
      if (1.05 / (luminance(style.color) + 0.05) < 4.5) unreadable.push(`${text.data.trim().slice(0, 40)} (${style.color})`);
    }
    return unreadable;
  });
}

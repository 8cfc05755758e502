// A browser's page translation (Chrome's, for one), as it changes the page: each text node with words
// in it is replaced by <font><font>its translation</font></font>, and the node itself leaves the page.
// React still holds the old node, so a text it changes in that node alone is never seen again.
import type { Page } from '@playwright/test';

/** Translates the page's text as a browser does; each translation is the text after `mark`. */
export async function translateLikeABrowser(page: Page, mark = '⟨t⟩'): Promise<number> {
  return page.evaluate((prefix) => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const texts: Text[] = [];
    while (walker.nextNode()) {
      const node = walker.currentNode as Text;
      const parent = node.parentElement;
      if (node.data.trim() === '' || parent === null || parent.closest('font, script, style, template, noscript') !== null) continue;
      texts.push(node);
    }
    for (const node of texts) {
      const outer = document.createElement('font');
      const inner = document.createElement('font');
      inner.textContent = prefix + node.data;
      outer.append(inner);
      node.replaceWith(outer);
    }
    return texts.length;
  }, mark);
}

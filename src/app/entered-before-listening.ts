// What the customer changed in the server's screen before the page could listen, and keeping it
// over a reload in that time. start.tsx notes it when it hydrates (entered-early.ts enters it again);
// a reload before then would lose it, as the page's code has not seen it yet. So the page's first
// script (early.ts) notes it as the page goes, and the next load of the same address sets it in the
// server's screen again before it hydrates, where it is entered again like anything else.
import type { Entered } from './entered-early';
import { pageListens } from './held-submit';

const KEY = 'cancel:entered-before-listening';
const address = () => window.location.pathname + window.location.search;

/**
 * A radio or box by its checked state (a box without a value attribute has the value 'on' but none
 * by default), any other field by its text.
 */
export function enteredIn(container: ParentNode): Entered[] {
  return [...container.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[id], textarea[id]')].flatMap((field): Entered[] => {
    if (field instanceof HTMLInputElement && (field.type === 'radio' || field.type === 'checkbox')) {
      return field.checked === field.defaultChecked ? [] : [{ id: field.id, checked: field.checked }];
    }
    return field.value === field.defaultValue ? [] : [{ id: field.id, value: field.value }];
  });
}

/** From the page's first script: notes, as the page goes before it listens, what was entered in #root. */
export function keepEnteredOverReload(): void {
  window.addEventListener('pagehide', (event) => {
    const root = document.getElementById('root');
    // A page kept in the back-forward cache comes back as it was.
    const entered = event.persisted || pageListens() || !root ? [] : enteredIn(root);
    try {
      if (entered.length > 0) sessionStorage.setItem(KEY, JSON.stringify([address(), entered]));
    } catch {
      // A blocked storage keeps nothing; the page starts as the server drew it.
    }
  });
}

/** Takes the last page's note (once) and, if that page was this address, sets its fields in `container` again. */
export function restoreEnteredBeforeReload(container: ParentNode): void {
  try {
    const note = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    const [from, entered] = JSON.parse(note ?? '[]') as [string?, Entered[]?];
    for (const { id, checked, value } of from === address() ? (entered ?? []) : []) {
      const field = container.querySelector(`[id="${CSS.escape(id)}"]`);
      if (field instanceof HTMLInputElement && checked !== undefined) field.checked = checked;
      else if ((field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) && value !== undefined) field.value = value;
    }
  } catch {
    // A blocked storage, or a note not of this page's making: the page starts as the server drew it.
  }
}

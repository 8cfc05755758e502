// What a customer entered in a server-rendered screen before the page could listen: a radio chosen, a
// box ticked, a text typed while the code was still on its way. start.tsx notes it before the page
// hydrates; this enters it again once hydrated, through the same events a customer's input makes,
// so the screen's own handlers record it as if it had been entered a moment later. A chunk of its
// own, fetched only when something was entered.

/** One field as the customer left it: a radio or box by its checked state, any other by its text. */
export interface Entered {
  id: string;
  checked?: boolean;
  value?: string;
}

/** Enters one field again as a customer would: a click for a radio or a box, typed text for the rest. */
function enterOneAgain({ id, checked, value }: Entered): void {
  const field = document.getElementById(id);
  if (field instanceof HTMLInputElement && checked !== undefined) {
    field.checked = !checked;
    field.click();
  } else if ((field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) && value !== undefined) {
    // The element's own setter, past the one React tracks, so React sees the input as new.
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

/** Enters again what was entered before the page listened (start.tsx's note of it). */
export function enterAgain(entered: readonly Entered[]): void {
  entered.forEach(enterOneAgain);
}

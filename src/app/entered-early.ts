// What a customer entered in a server-rendered screen before the page could listen: a radio chosen, a
// box ticked, a text typed while the code was still on its way. The page takes note of it before it
// hydrates, and enters it again once hydrated, through the same events a customer's input makes, so
// the screen's own handlers record it as if it had been entered a moment later. A chunk of its own,
// fetched only when something was entered (start.tsx asks enteredEarly first).

type Field = HTMLInputElement | HTMLTextAreaElement;

interface Entered {
  id: string;
  checked?: boolean;
  value?: string;
}

const isToggle = (field: Field): field is HTMLInputElement => field instanceof HTMLInputElement && (field.type === 'radio' || field.type === 'checkbox');

/** The fields of `container` the customer changed from what the server rendered. */
function enteredIn(container: HTMLElement): Entered[] {
  const fields = [...container.querySelectorAll<Field>('input[id], textarea[id]')];
  return fields.flatMap((field): Entered[] => {
    if (isToggle(field)) return field.checked === field.defaultChecked ? [] : [{ id: field.id, checked: field.checked }];
    return field.value === field.defaultValue ? [] : [{ id: field.id, value: field.value }];
  });
}

/** Enters one field again as a customer would: a click for a radio or a box, typed text for the rest. */
function enterAgain({ id, checked, value }: Entered): void {
  const field = document.getElementById(id);
  if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) return;
  if (isToggle(field) && checked !== undefined) {
    field.checked = !checked;
    field.click();
  } else if (value !== undefined) {
    // The element's own setter, past the one React tracks, so React sees the input as new.
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

/** Notes what was entered in `container` before hydration; the function it returns enters it again. */
export function noteEnteredEarly(container: HTMLElement): () => void {
  const entered = enteredIn(container);
  return () => entered.forEach(enterAgain);
}

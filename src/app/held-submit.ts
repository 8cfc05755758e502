// A step's Continue pressed before the page listens: the server's screen is on the page, but its code
// has not hydrated it yet. The button cannot submit natively then (SurveyScreen: `formmethod="dialog"`
// outside a dialog submits nothing, where a plain submit would reload the page and lose the answer),
// but its submit event still fires: the page's first script holds it, and the page sends it again
// once it listens, after what was entered before is entered again (start.tsx).

let held: { form: HTMLFormElement; submitter: HTMLElement | null } | null = null;
let listening = false;

/** Whether the page listens: its screen hydrated or drawn (start.tsx). */
export const pageListens = (): boolean => listening;

/** From the page's first script (early.ts): holds the submission of a form of the app's until the page listens. */
export function holdEarlySubmits(): void {
  document.addEventListener(
    'submit',
    (event) => {
      // Only the app's forms: the boot notice's reload form, outside #root, submits as it is.
      if (listening || !(event.target instanceof HTMLFormElement) || !event.target.closest('#root')) return;
      event.preventDefault();
      held = { form: event.target, submitter: event.submitter };
    },
    true,
  );
}

/**
 * The page listens now: a held submission is sent again, in a task of its own (the answers entered
 * again first reach the app's state), unless its form is gone (the page drew its own screen).
 */
export function releaseHeldSubmit(): void {
  listening = true;
  const pending = held;
  held = null;
  if (!pending?.form.isConnected) return;
  setTimeout(() => pending.form.requestSubmit(pending.submitter?.isConnected ? pending.submitter : null), 0);
}

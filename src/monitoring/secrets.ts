// The secret values a page holds at a given moment, so they can be taken out of reports wherever
// they turn up: what is typed in its text boxes (free-text answers, the name, the email) and what
// the app registers (the CSRF token).

/** Form fields that hold no typed text. */
const NOT_TYPED = new Set(['hidden', 'checkbox', 'radio', 'submit', 'button', 'reset', 'image', 'file', 'range', 'color']);

/** The values of the page's text boxes, longest first (so a longer secret is replaced before a part of it). */
export function typedValues(doc: Pick<Document, 'querySelectorAll'> | undefined = globalThis.document): string[] {
  if (!doc) return [];
  const values: string[] = [];
  for (const field of doc.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('textarea, input')) {
    if (field instanceof HTMLInputElement && NOT_TYPED.has(field.type)) continue;
    const value = field.value.trim();
    if (value !== '') values.push(value, ...value.split(/\r?\n/).map((line) => line.trim()));
  }
  return values;
}

/** Every secret the page holds now: typed values and the registered ones, longest first, each once. */
export function currentSecrets(registered: () => readonly (string | null | undefined)[], doc?: Pick<Document, 'querySelectorAll'>): string[] {
  let extra: readonly (string | null | undefined)[] = [];
  try {
    extra = registered();
  } catch {
    extra = [];
  }
  const all = [...typedValues(doc), ...extra].filter((value): value is string => typeof value === 'string' && value.trim() !== '');
  return [...new Set(all)].sort((a, b) => b.length - a.length);
}

// Marks the pseudo-locale's compiled messages so layout problems show: each message is wrapped in
// ⟦ ⟧ (a text cut off by its box loses its closing bracket) and padded by a third of its length
// (German and French run about that much longer than English).

const OPEN = '⟦';
const CLOSE = '⟧';

/** The visible length of a compiled message (its text tokens, plural branches counted once). */
function textLength(tokens) {
  if (typeof tokens === 'string') return tokens.length;
  let length = 0;
  for (const token of tokens) {
    if (typeof token === 'string') length += token.length;
    else if (token[2] && typeof token[2] === 'object') length += textLength(token[2].other ?? []);
    else length += 4;
  }
  return length;
}

/** One compiled message, bracketed and padded. */
export function pseudoMessage(tokens) {
  const list = typeof tokens === 'string' ? [tokens] : tokens;
  const padding = '·'.repeat(Math.max(1, Math.ceil(textLength(list) / 3)));
  return [OPEN, ...list, padding, CLOSE];
}

/** Rewrites the compiled pseudo-locale module Lingui wrote (`export const messages=JSON.parse("…")`). */
export function pseudoModule(source) {
  const match = /JSON\.parse\(("(?:[^"\\]|\\.)*")\)/.exec(source);
  if (!match) throw new Error('the compiled pseudo-locale has an unexpected shape');
  const messages = JSON.parse(JSON.parse(match[1]));
  const marked = Object.fromEntries(Object.entries(messages).map(([id, tokens]) => [id, pseudoMessage(tokens)]));
  return source.replace(match[0], () => `JSON.parse(${JSON.stringify(JSON.stringify(marked))})`);
}

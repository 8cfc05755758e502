// What a message needs from the code: its ICU arguments ({count}, {count, plural, …}) and the
// numbered tags of Lingui's <Trans> (<0>…</0>). A translation must keep exactly its source's. Also
// the plurals of a message, whose forms must be its language's (catalog-problems.ts).
import { compileMessageOrThrow, type CompiledMessage } from '@lingui/message-utils/compileMessage';

/** The arguments and tags of one message, each sorted and listed once. */
export interface Placeholders {
  arguments: string[];
  tags: string[];
}

function collectArguments(tokens: CompiledMessage, found: Set<string>): void {
  for (const token of tokens) {
    if (typeof token === 'string') continue;
    const [name, , format] = token;
    found.add(name);
    if (format && typeof format === 'object') {
      for (const [key, choice] of Object.entries(format as Record<string, unknown>)) {
        if (key !== 'offset' && Array.isArray(choice)) collectArguments(choice as CompiledMessage, found);
      }
    }
  }
}

/**
 * The placeholders of an ICU message as Lingui compiles it. Throws with the parser's message when the
 * ICU syntax is broken (an unclosed brace, a plural without `other`).
 */
export function placeholdersOf(message: string): Placeholders {
  const found = new Set<string>();
  collectArguments(compileMessageOrThrow(message), found);
  const tags = new Set([...message.matchAll(/<\/?(\d+)\s*\/?>/g)].map((match) => match[0].replace(/\s+/g, '')));
  // <0>, </0>, <1>, </1>: by number, the opening tag first.
  const order = (tag: string) => Number(/\d+/.exec(tag)?.[0]) * 2 + (tag.startsWith('</') ? 1 : 0);
  return { arguments: [...found].sort(), tags: [...tags].sort((a, b) => order(a) - order(b)) };
}

/** One `plural` or `selectordinal` of a message: its argument and the forms it lists (`one`, `few`, `=0`…). */
export interface PluralUse {
  argument: string;
  ordinal: boolean;
  forms: string[];
}

/** Every plural of an ICU message, nested ones included, in order. Throws on broken ICU, as placeholdersOf. */
export function pluralsOf(message: string): PluralUse[] {
  const found: PluralUse[] = [];
  const walk = (tokens: CompiledMessage) => {
    for (const token of tokens) {
      if (typeof token === 'string') continue;
      const [name, type, format] = token;
      if (!format || typeof format !== 'object') continue;
      const branches = Object.entries(format as Record<string, unknown>).filter(([key]) => key !== 'offset');
      if (type === 'plural' || type === 'selectordinal') found.push({ argument: name, ordinal: type === 'selectordinal', forms: branches.map(([key]) => key) });
      for (const [, branch] of branches) if (Array.isArray(branch)) walk(branch as CompiledMessage);
    }
  };
  walk(compileMessageOrThrow(message));
  return found;
}

/** Whether two messages need the same placeholders. */
export function samePlaceholders(a: Placeholders, b: Placeholders): boolean {
  return a.arguments.join('\u0000') === b.arguments.join('\u0000') && a.tags.join('\u0000') === b.tags.join('\u0000');
}

/** `{count}, <0>, </0>` — for messages. */
export function describePlaceholders(p: Placeholders): string {
  const all = [...p.arguments.map((name) => `{${name}}`), ...p.tags];
  return all.length === 0 ? 'none' : all.join(', ');
}

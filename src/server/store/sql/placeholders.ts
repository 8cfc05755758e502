/**
 * The store's SQL with `?` placeholders, numbered for PostgreSQL (`$1`, `$2`, …). A `?` inside a
 * quoted string or identifier is text and stays as it is.
 */
export function numberedPlaceholders(sql: string): string {
  let index = 0;
  let quote: string | undefined;
  let out = '';
  for (const char of sql) {
    if (quote !== undefined) {
      if (char === quote) quote = undefined;
      out += char;
    } else if (char === "'" || char === '"') {
      quote = char;
      out += char;
    } else if (char === '?') {
      index += 1;
      out += `$${index}`;
    } else {
      out += char;
    }
  }
  return out;
}

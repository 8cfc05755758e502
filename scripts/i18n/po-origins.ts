// The catalogs' `#:` origins: a survey text's YAML line, but no line for the UI's source files.
// A YAML line tells a translator where a survey text sits among its question and answers; a line in a
// .tsx file would only change the catalogs of all 14 languages whenever code above a message moves.
import type { CatalogType, MessageOrigin } from '@lingui/conf';

const YAML_FILE = /\.ya?ml$/;

/** An origin as it goes into the catalog: the line only for a YAML file, and only when known. */
function shownOrigin([file, line]: MessageOrigin): MessageOrigin {
  return YAML_FILE.test(file) && line !== undefined && line > 0 ? [file, line] : [file];
}

/** Sorted by file, then line, without repeats: the same survey always gives the same catalogs. */
function compareOrigins(a: MessageOrigin, b: MessageOrigin): number {
  return a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : (a[1] ?? 0) - (b[1] ?? 0);
}

/** The catalog with its origins as they are written: YAML lines kept, other lines dropped, sorted and unique. */
export function catalogOrigins(catalog: CatalogType): CatalogType {
  const out: CatalogType = {};
  for (const [id, message] of Object.entries(catalog)) {
    if (!message.origin) {
      out[id] = message;
      continue;
    }
    const seen = new Set<string>();
    const origin = message.origin
      .map(shownOrigin)
      .sort(compareOrigins)
      .filter((place) => {
        const key = place.join(':');
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    out[id] = { ...message, origin };
  }
  return out;
}

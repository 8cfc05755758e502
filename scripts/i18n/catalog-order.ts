// The order of the catalogs' entries: by English text, as Lingui's `orderBy: 'message'`, but for a
// message whose id is its English text (survey texts, the server's i18n._('…') calls) the id stands
// in for the text it does not repeat. Lingui's own order puts those first, in the order the files
// happened to be read; the catalogs must come out the same on every run. (Lingui's configuration
// takes no order function, so the PO formatter applies this one: see po-format.ts.)
import type { CatalogType } from '@lingui/conf';

// Lingui's own collator for `orderBy: 'message'`, so the entries that have a message keep their places.
const collator = new Intl.Collator('en-US');

/** The catalog's entries by English text, then context, then id. */
export function orderCatalog(catalog: CatalogType): CatalogType {
  const key = (id: string): string => catalog[id]?.message || id;
  const ids = Object.keys(catalog).sort(
    (a, b) =>
      collator.compare(key(a), key(b)) ||
      collator.compare(catalog[a]?.context ?? '', catalog[b]?.context ?? '') ||
      (a < b ? -1 : a > b ? 1 : 0),
  );
  const ordered: CatalogType = {};
  for (const id of ids) {
    const entry = catalog[id];
    if (entry) ordered[id] = entry;
  }
  return ordered;
}

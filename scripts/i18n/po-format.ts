// The catalogs' file format: Lingui's PO formatter, with the origins and the order this project wants
// (po-origins.ts, catalog-order.ts) applied to each catalog before it is written.
import type { CatalogFormatter } from '@lingui/conf';
import { formatter } from '@lingui/format-po';
import { orderCatalog } from './catalog-order';
import { catalogOrigins } from './po-origins';

/** The PO format of locales/<language>/messages.po. */
export function poFormat(): CatalogFormatter {
  // Line numbers on: catalogOrigins keeps them for YAML origins only.
  const base = formatter({ lineNumbers: true });
  return { ...base, serialize: (catalog, ctx) => base.serialize(orderCatalog(catalogOrigins(catalog)), ctx) };
}

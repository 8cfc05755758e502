// Analytics events (spec §2): pushed onto the page's dataLayer for the tag manager to pick up.

interface DataLayerHost {
  dataLayer?: unknown[];
}

/** Records one analytics event, e.g. 'load:no-active-recurring' or 'click:homepage'. */
export function track(event: string, host: DataLayerHost = globalThis as DataLayerHost): void {
  host.dataLayer ??= [];
  host.dataLayer.push({ event });
}

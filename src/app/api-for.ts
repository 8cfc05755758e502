// The API client of a page: its binding's segment and label prefix, or the provider's for the main page.
import { allowRedirectsTo, createApi, type ApiClient } from '../api';
import type { ToolkitBinding } from '../model';
import { bundle } from './bundle';

const clients = new Map<string, ApiClient>();
// Every call goes through a client made here: the provider's other sites are allowed before the first.
allowRedirectsTo(bundle.provider.redirectOrigins ?? []);

/** One client per binding (stable across renders), or the provider-wide one without a binding. */
export function apiFor(binding?: Pick<ToolkitBinding, 'apiSegment' | 'labelPrefix'>): ApiClient {
  const segment = binding?.apiSegment ?? bundle.provider.segment;
  const key = `${segment}|${binding?.labelPrefix ?? ''}`;
  let client = clients.get(key);
  if (!client) {
    client = createApi({ segment, labelPrefix: binding?.labelPrefix });
    clients.set(key, client);
  }
  return client;
}

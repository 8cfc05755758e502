import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * `http://host:port` of the listening socket (the configured port before listening). A wildcard
 * host becomes 127.0.0.1 so the URL can be opened; IPv6 hosts get brackets.
 */
export function listeningOrigin(app: FastifyInstance, host: string, fallbackPort: number): string {
  const address = app.server.address() as AddressInfo | string | null;
  const port = typeof address === 'object' && address !== null ? address.port : fallbackPort;
  const reachable = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
}

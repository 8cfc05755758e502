// The front of `npm run start:cluster`: one port that hands each request to the next server process
// in turn, as a load balancer would. No stickiness: every process must serve every session, which is
// the point of keeping all state in PostgreSQL.
import { createServer, request } from 'node:http';

/**
 * Listens on host:port and forwards each request to the next of `backends` (base URLs). The Host
 * header is kept, so the servers' own-origin checks see the front's origin. Each answer carries
 * `X-Served-By: <backend port>`, to see the requests spread.
 */
export function startRoundRobin({ host, port, backends }) {
  let next = 0;
  const server = createServer((incoming, outgoing) => {
    const backend = new URL(backends[next % backends.length]);
    next += 1;
    const forwarded = request(
      { host: backend.hostname, port: backend.port, method: incoming.method, path: incoming.url, headers: incoming.headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-served-by': backend.port });
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', (error) => {
      if (outgoing.headersSent) {
        outgoing.destroy(error);
        return;
      }
      outgoing.writeHead(502, { 'content-type': 'application/json' });
      outgoing.end(JSON.stringify({ error: 'bad-gateway', message: `The server process on port ${backend.port} did not answer.` }));
    });
    incoming.pipe(forwarded);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

// The live-reload channel: GET /dev/events as Server-Sent Events. Every page the dev server serves
// subscribes (scripts/dev/live-reload.js): `reload` after a good rebuild, `pictures` once the survey
// pictures are redrawn, `problems` after a bad one, and on (re)connecting `hello` with the current
// build, its problems and its warnings (a page learns them there, after the reload).
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DevProblem } from './dev-problems';

/** What a page learns on connecting: the build it should be showing, and what is wrong now. */
export interface Hello {
  /** One per run of npm run dev: build numbers start again when it restarts. */
  session: string;
  build: number;
  problems: DevProblem[];
  /** What the build served let through: texts without every translation, shown in English. */
  warnings: DevProblem[];
}

/** The event stream and its subscribers. */
export class EventStream {
  private readonly clients = new Set<ServerResponse>();
  private current: Hello = { session: randomUUID(), build: 0, problems: [], warnings: [] };
  private readonly heartbeat: NodeJS.Timeout;

  constructor(private readonly onReloaded: (build: number) => void = () => {}) {
    // A comment line now and then keeps proxies and idle timeouts from closing the stream.
    this.heartbeat = setInterval(() => this.write(': ping\n\n'), 15_000);
    this.heartbeat.unref();
  }

  /** How many pages are subscribed. */
  get size(): number {
    return this.clients.size;
  }

  /** Answers GET /dev/events[?reloaded=BUILD]; a page sends `reloaded` on the first connection after a reload. */
  subscribe(request: IncomingMessage, response: ServerResponse): void {
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-content-type-options': 'nosniff',
    });
    response.write(`retry: 500\n\n${event('hello', this.current)}`);
    this.clients.add(response);
    request.on('close', () => this.clients.delete(response));
    const reloaded = Number(new URL(request.url ?? '/', 'http://dev.invalid').searchParams.get('reloaded'));
    if (Number.isInteger(reloaded) && reloaded > 0) this.onReloaded(reloaded);
  }

  /**
   * A good build: pages reload, and learn its `warnings` when they connect again. With `picturesFollow`,
   * the survey pictures are being drawn anew: the /dev/survey page waits for `pictures` instead.
   * Returns how many pages were told.
   */
  reload(build: number, picturesFollow = false, warnings: DevProblem[] = []): number {
    this.current = { ...this.current, build, problems: [], warnings };
    return this.write(event('reload', { build, picturesFollow }));
  }

  /** The survey pictures of `build` are drawn: the /dev/survey page reloads. */
  pictures(build: number): number {
    return this.write(event('pictures', { build }));
  }

  /** A bad build: pages keep showing the last good one, with the problems over it. */
  problems(problems: DevProblem[]): number {
    this.current = { ...this.current, problems };
    return this.write(event('problems', { problems }));
  }

  close(): void {
    clearInterval(this.heartbeat);
    for (const client of this.clients) client.end();
    this.clients.clear();
  }

  private write(text: string): number {
    for (const client of this.clients) client.write(text);
    return this.clients.size;
  }
}

/** One event in the text/event-stream format: its name and its data as one line of JSON. */
export function event(name: string, data: unknown): string {
  return `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}

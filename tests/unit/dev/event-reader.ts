// A small Server-Sent Events client for tests: waits for the next event of a name and returns its data.

export interface EventReader {
  /**
   * The data (parsed JSON) of the next event named `name` (and, with `where`, whose data passes it);
   * the events before it are skipped.
   */
  next(name: string, where?: (data: unknown) => boolean, timeoutMs?: number): Promise<unknown>;
  close(): void;
}

interface Received {
  name: string;
  data: unknown;
}

/** Connects to an event stream at `url`. */
export async function openEventStream(url: string): Promise<EventReader> {
  const controller = new AbortController();
  const response = await fetch(url, { signal: controller.signal });
  if (!response.ok || !response.body) throw new Error(`${url}: ${response.status}`);
  const queue: Received[] = [];
  const waiting: (() => void)[] = [];
  const decoder = new TextDecoder();
  let buffer = '';

  void (async () => {
    const reader = response.body!.getReader();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const name = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (name !== undefined && data !== undefined) queue.push({ name, data: JSON.parse(data) as unknown });
          waiting.splice(0).forEach((wake) => wake());
        }
      }
    } catch {
      // closed by the test
    }
  })();

  return {
    async next(name, where = () => true, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = queue.findIndex((event) => event.name === name && where(event.data));
        if (index >= 0) {
          const [found] = queue.splice(0, index + 1).slice(-1);
          return found?.data;
        }
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no '${name}' event within ${timeoutMs} ms (got: ${queue.map((e) => e.name).join(', ') || 'nothing'})`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiting.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close: () => controller.abort(),
  };
}

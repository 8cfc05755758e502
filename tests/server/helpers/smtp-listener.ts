// A tiny SMTP server on a loopback port: enough of EHLO, MAIL, RCPT, DATA and QUIT (RFC 5321) for
// nodemailer to hand it a message, so the server's real SMTP transport can be tested end to end.
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/** One message as it arrived: the envelope and the raw message (headers and MIME body). */
export interface ReceivedMessage {
  from: string;
  to: string[];
  data: string;
}

export interface SmtpListener {
  port: number;
  received: ReceivedMessage[];
  /** While true, every MAIL is answered with a refusal for now (421), as a server under load does. */
  busy: boolean;
  /** The next message to arrive (or one that already has and was not taken yet). */
  nextMessage(timeoutMs?: number): Promise<ReceivedMessage>;
  close(): Promise<void>;
}

/** The address inside `<...>` of `MAIL FROM:<a@b>` or `RCPT TO:<a@b>`. */
const addressOf = (line: string): string => /<([^>]*)>/.exec(line)?.[1] ?? '';

/**
 * Starts the listener. `rejectRecipients` answers every RCPT with a permanent failure (550), as a
 * server that does not know the mailbox would; `busy` starts it refusing for now (see `busy`).
 */
export async function startSmtpListener(options: { rejectRecipients?: boolean; busy?: boolean } = {}): Promise<SmtpListener> {
  const received: ReceivedMessage[] = [];
  let taken = 0;
  const waiting: ((message: ReceivedMessage) => void)[] = [];
  const sockets = new Set<Socket>();

  function deliver(message: ReceivedMessage): void {
    received.push(message);
    const waiter = waiting.shift();
    if (waiter !== undefined) {
      taken += 1;
      waiter(message);
    }
  }

  function session(socket: Socket): void {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    const reply = (line: string) => socket.write(`${line}\r\n`);
    let buffer = '';
    let envelope: { from: string; to: string[] } = { from: '', to: [] };
    let data: string[] | undefined;

    const command = (line: string): void => {
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === 'EHLO' || verb === 'HELO') {
        // No STARTTLS and no AUTH advertised: nodemailer then sends in the clear, as to a local relay.
        reply('250-localhost greets you');
        reply('250 8BITMIME');
      } else if (verb === 'MAIL' && listener.busy) {
        reply('421 4.7.0 Try again later');
      } else if (verb === 'MAIL') {
        envelope = { from: addressOf(line), to: [] };
        reply('250 2.1.0 OK');
      } else if (verb === 'RCPT') {
        if (options.rejectRecipients === true) reply('550 5.1.1 mailbox unavailable');
        else {
          envelope.to.push(addressOf(line));
          reply('250 2.1.5 OK');
        }
      } else if (verb === 'DATA') {
        data = [];
        reply('354 End data with <CR><LF>.<CR><LF>');
      } else if (verb === 'RSET' || verb === 'NOOP') reply('250 2.0.0 OK');
      else if (verb === 'QUIT') {
        reply('221 2.0.0 Bye');
        socket.end();
      } else reply('502 5.5.2 Command not implemented');
    };

    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      for (let end = buffer.indexOf('\r\n'); end !== -1; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data === undefined) {
          command(line);
        } else if (line === '.') {
          deliver({ ...envelope, data: data.join('\r\n') });
          data = undefined;
          reply('250 2.0.0 OK: queued');
        } else {
          // Dot-stuffing: a line that starts with '.' was sent with one more.
          data.push(line.startsWith('.') ? line.slice(1) : line);
        }
      }
    });
    reply('220 localhost ESMTP test listener');
  }

  const server: Server = createServer(session);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const listener: SmtpListener = {
    port,
    received,
    busy: options.busy ?? false,
    nextMessage(timeoutMs = 5000) {
      const ready = received[taken];
      if (ready !== undefined) {
        taken += 1;
        return Promise.resolve(ready);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no SMTP message within ${timeoutMs} ms`)), timeoutMs);
        waiting.push((message) => {
          clearTimeout(timer);
          resolve(message);
        });
      });
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
  return listener;
}

/** One MIME part: its content type and its body, transfer encoding undone. */
export interface MimePart {
  contentType: string;
  body: string;
}

function splitHead(text: string): { headers: Map<string, string>; body: string } {
  const at = text.indexOf('\r\n\r\n');
  const head = at === -1 ? text : text.slice(0, at);
  const headers = new Map<string, string>();
  // Folded header lines continue with white space.
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: at === -1 ? '' : text.slice(at + 4) };
}

function decode(body: string, encoding: string | undefined): string {
  switch (encoding?.toLowerCase()) {
    case 'quoted-printable':
      return Buffer.from(
        body.replace(/=\r\n/g, '').replace(/=([0-9A-Fa-f]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      ).toString('utf8');
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

/** The message's headers and its leaf parts (text and HTML), decoded. Enough MIME for nodemailer's output. */
export function parseMessage(data: string): { headers: Map<string, string>; parts: MimePart[] } {
  const { headers, body } = splitHead(data);
  const parts: MimePart[] = [];
  const walk = (partHeaders: Map<string, string>, partBody: string): void => {
    const contentType = partHeaders.get('content-type') ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
    if (boundary === undefined) {
      parts.push({ contentType: contentType.split(';')[0] ?? contentType, body: decode(partBody, partHeaders.get('content-transfer-encoding')) });
      return;
    }
    const sections = partBody.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith('--')) break;
      const inner = splitHead(section.replace(/^\r\n/, ''));
      walk(inner.headers, inner.body.replace(/\r\n$/, ''));
    }
  };
  walk(headers, body);
  return { headers, parts };
}

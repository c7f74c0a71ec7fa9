import { createServer, type AddressInfo, type Socket } from 'node:net';

/** One message as the sink received it (after the client's final "."). */
export interface SinkMessage {
  to: string[];
  /** The raw message: headers and body. */
  data: string;
  messageId: string | undefined;
  subject: string | undefined;
}

export interface SmtpSink {
  /** `smtp://127.0.0.1:<port>` for SMTP_URL. */
  url: string;
  /** Messages the sink answered 250 to: accepted, in SMTP's sense delivered. */
  accepted: SinkMessage[];
  /** Messages whose client went away before the sink answered: never accepted. */
  dropped: SinkMessage[];
  /** Messages received and not answered yet (see `holdNext`). */
  held: SinkMessage[];
  /**
   * The next `count` messages are received but not answered: the client waits for the answer
   * that accepts them. A test kills the client meanwhile; the sink then drops them, as a mail
   * server does with a message whose transaction did not complete.
   */
  holdNext(count: number): void;
  close(): Promise<void>;
}

/** A header's value, unfolded (long headers continue on lines that start with a space). */
const header = (data: string, name: string) => {
  const head = data.slice(0, data.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  return new RegExp(`^${name}:[ \\t]*(.+)$`, 'im').exec(head)?.[1]?.trim();
};

/**
 * A small SMTP server for tests (RFC 5321's commands a client like nodemailer uses, no TLS, no
 * authentication): it records what it accepts, and can leave a message unanswered to stand for
 * a client that dies in the middle of handing a mail over.
 */
export async function startSmtpSink(): Promise<SmtpSink> {
  const accepted: SinkMessage[] = [];
  const dropped: SinkMessage[] = [];
  const held: SinkMessage[] = [];
  const sockets = new Set<Socket>();
  let toHold = 0;

  const server = createServer((socket) => {
    sockets.add(socket);
    let buffer = '';
    let inData = false;
    let to: string[] = [];
    let pending: SinkMessage | undefined;
    const reply = (line: string) => socket.write(`${line}\r\n`);
    socket.on('close', () => {
      sockets.delete(socket);
      if (pending) {
        held.splice(held.indexOf(pending), 1);
        dropped.push(pending);
        pending = undefined;
      }
    });
    socket.on('error', () => socket.destroy());
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('latin1');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          const data = buffer.slice(0, end).replace(/^\.\./gm, '.');
          buffer = buffer.slice(end + 5);
          inData = false;
          const message: SinkMessage = {
            to,
            data,
            messageId: header(data, 'Message-ID'),
            subject: header(data, 'Subject'),
          };
          to = [];
          if (toHold > 0) {
            toHold -= 1;
            pending = message;
            held.push(message);
          } else {
            accepted.push(message);
            reply('250 2.0.0 accepted');
          }
          continue;
        }
        const end = buffer.indexOf('\r\n');
        if (end === -1) return;
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') reply('250-sink\r\n250-8BITMIME\r\n250 SMTPUTF8');
        else if (verb === 'HELO' || verb === 'MAIL' || verb === 'RSET' || verb === 'NOOP') {
          if (verb === 'RSET') to = [];
          reply('250 2.0.0 ok');
        } else if (verb === 'RCPT') {
          to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          reply('250 2.1.5 ok');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 end with <CRLF>.<CRLF>');
        } else if (verb === 'QUIT') {
          reply('221 2.0.0 bye');
          socket.end();
        } else reply('502 5.5.1 not implemented');
      }
    });
    reply('220 sink ESMTP');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    accepted,
    dropped,
    held,
    holdNext: (count) => {
      toHold = count;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((done) => server.close(done));
    },
  };
}

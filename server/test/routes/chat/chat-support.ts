import type { TestApp } from '../../helper.ts';
import type { TestPerson } from '../../support/fixtures.ts';

export const keyOf = (a: { id: string }, b: { id: string }) => [a.id, b.id].sort().join('_');

/** Sends a text message as `from` to `to` (JSON; the multipart form is tested on its own). */
export async function send(
  t: TestApp,
  from: TestPerson,
  to: { id: string },
  content: string,
  clientId?: string,
) {
  return t.request({
    method: 'POST',
    url: `/api/messages/${keyOf(from, to)}`,
    token: from.token,
    payload: { content, ...(clientId ? { clientId } : {}) },
  });
}

/** A multipart body with text fields and an optional file part. */
export function multipart(
  fields: Record<string, string>,
  file?: { name: string; filename: string; bytes: Buffer; type?: string },
) {
  const boundary = `----canopy${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

export interface SseEvent {
  id?: string;
  event: string;
  data: unknown;
}

/**
 * Reads a real SSE response (fetch over HTTP) into events. `next(predicate)` waits for the first
 * event that matches, keeping the others for later calls.
 */
export class SseReader {
  private buffer = '';
  private readonly events: SseEvent[] = [];
  private waiters: (() => void)[] = [];
  private ended = false;

  constructor(
    private readonly response: Response,
    readonly controller: AbortController,
  ) {
    void this.pump();
  }

  private async pump() {
    const reader = this.response.body!.getReader();
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        this.buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = this.buffer.indexOf('\n\n')) >= 0) {
          const block = this.buffer.slice(0, end);
          this.buffer = this.buffer.slice(end + 2);
          const event: SseEvent = { event: 'message', data: undefined };
          let hasData = false;
          for (const line of block.split('\n')) {
            if (line.startsWith('id: ')) event.id = line.slice(4);
            else if (line.startsWith('event: ')) event.event = line.slice(7);
            else if (line.startsWith('data: ')) {
              event.data = JSON.parse(line.slice(6));
              hasData = true;
            }
          }
          if (hasData) this.events.push(event);
        }
        this.wake();
      }
    } catch {
      // aborted
    }
    this.ended = true;
    this.wake();
  }

  private wake() {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }

  async next(predicate: (event: SseEvent) => boolean = () => true): Promise<SseEvent> {
    for (;;) {
      const index = this.events.findIndex(predicate);
      if (index >= 0) return this.events.splice(index, 1)[0]!;
      if (this.ended) throw new Error('stream ended');
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  /** Resolves when the server has ended the stream. */
  async closed(): Promise<void> {
    while (!this.ended) await new Promise<void>((resolve) => this.waiters.push(resolve));
  }

  /** Events received so far and not yet taken. */
  pending(): SseEvent[] {
    return [...this.events];
  }

  close() {
    this.controller.abort();
  }
}

/** Gets a ticket through `t` and opens the stream on `baseUrl` (a listening app). */
export async function openStream(
  t: TestApp,
  baseUrl: string,
  person: TestPerson,
  lastEventId?: string,
): Promise<SseReader> {
  const ticket = await t.request({
    method: 'POST',
    url: '/api/events/ticket',
    token: person.token,
  });
  if (ticket.statusCode !== 200) throw new Error(`ticket: ${ticket.statusCode} ${ticket.body}`);
  const controller = new AbortController();
  const response = await fetch(
    `${baseUrl}/api/events?ticket=${encodeURIComponent(ticket.json<{ ticket: string }>().ticket)}`,
    {
      signal: controller.signal,
      headers: lastEventId ? { 'last-event-id': lastEventId } : {},
    },
  );
  if (response.status !== 200)
    throw new Error(`stream: ${response.status} ${await response.text()}`);
  return new SseReader(response, controller);
}

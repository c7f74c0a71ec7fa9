/**
 * A fake analytics frame for happy-dom tests. happy-dom does not load iframe pages, so every embed
 * iframe gets a fake `contentWindow` whose `postMessage` hands the request to a scripted app; the
 * app's answers and events are dispatched on the host window as real `MessageEvent`s with the frame's
 * `source` and `origin`, which is exactly what the library sees in a browser.
 *
 * The same harness drives powerbi-client 2.23.1 and embed-core in the differential test.
 */

import { vi } from 'vitest';

export interface FrameRequest {
  method: string;
  url: string;
  headers: Record<string, unknown>;
  body?: unknown;
}

export interface FrameReply {
  statusCode: number;
  body?: unknown;
  headers?: Record<string, unknown>;
}

/** The app decides the answer; `undefined` leaves the request unanswered. */
export type FrameApp = (request: FrameRequest, frame: FakeFrame) => FrameReply | undefined;

export interface PostedMessage {
  frame: FakeFrame;
  message: FrameRequest;
  targetOrigin: string;
}

let counter = 0;

export class FakeFrame {
  readonly id = ++counter;
  /** What the frame has received from the host, in order. */
  readonly received: PostedMessage[] = [];
  /** Replies the host sent to frame-initiated requests (events), by tracking id. */
  readonly replies = new Map<string, unknown>();
  readonly window: Window;

  constructor(
    readonly iframe: HTMLIFrameElement,
    private readonly harness: FakeFrameHarness,
  ) {
    this.window = {
      postMessage: (message: unknown, targetOrigin: string) => this.receive(message, targetOrigin),
    } as unknown as Window;
  }

  get origin(): string {
    return this.harness.originFor(this.iframe);
  }

  /**
   * Sends a frame-initiated request (an event, a hook) to the host and resolves with its first reply.
   * Every reply, including duplicates from several listening Services, is also kept in
   * `harness.replyLog`; pass `id` to find them there.
   */
  post(
    url: string,
    body?: unknown,
    method = 'POST',
    id = `frame-${this.id}-${Math.random().toString(36).slice(2, 8)}`,
  ): Promise<unknown> {
    const message = { method, url, headers: { id }, body };
    return new Promise((resolve) => {
      this.harness.pendingReplies.set(id, resolve);
      this.dispatchToHost(message);
    });
  }

  /** Posts an arbitrary message to the host as if from this frame (for malformed-input tests). */
  dispatchToHost(data: unknown, origin = this.origin, source: unknown = this.window): void {
    const view = this.iframe.ownerDocument.defaultView as Window;
    const event = new MessageEvent('message', { data, origin, source: source as Window });
    view.dispatchEvent(event);
  }

  private receive(raw: unknown, targetOrigin: string): void {
    const message = structuredClone(raw) as FrameRequest & { statusCode?: number };
    // A reply from the host to one of our event posts.
    if (typeof message.statusCode === 'number' || 'warning' in (message as object)) {
      const id = (message.headers as { id?: string } | undefined)?.id;
      this.harness.replyLog.push({ frame: this, id, message });
      const resolve = id ? this.harness.pendingReplies.get(id) : undefined;
      if (id && resolve) {
        this.harness.pendingReplies.delete(id);
        this.replies.set(id, message);
        resolve(message);
      }
      return;
    }
    const posted = { frame: this, message, targetOrigin };
    this.received.push(posted);
    this.harness.log.push(posted);
    const reply = this.harness.app(message, this);
    if (!reply) return;
    const answer = {
      statusCode: reply.statusCode,
      headers: { ...(reply.headers ?? {}), id: message.headers.id },
      body: reply.body,
    };
    // Answer asynchronously, as a real frame does.
    this.harness.schedule(() => this.dispatchToHost(answer));
  }
}

/** The installed harness, so `flush()` can wait for it to settle. */
let activeHarness: FakeFrameHarness | undefined;

export class FakeFrameHarness {
  readonly frames: FakeFrame[] = [];
  /** Iframes whose `load` event has been dispatched. */
  readonly loadedIframes = new WeakSet<HTMLIFrameElement>();
  /** Frame answers and load events queued but not yet delivered. */
  private outstanding = 0;
  readonly log: PostedMessage[] = [];
  /** Every reply the host sent to a frame-initiated request, in arrival order. */
  readonly replyLog: Array<{ frame: FakeFrame; id: string | undefined; message: unknown }> = [];
  readonly pendingReplies = new Map<string, (value: unknown) => void>();
  private readonly byIframe = new WeakMap<HTMLIFrameElement, FakeFrame>();
  private restore: (() => void) | undefined;

  constructor(public app: FrameApp = defaultApp) {}

  install(): this {
    const proto = HTMLIFrameElement.prototype;
    const original = Object.getOwnPropertyDescriptor(proto, 'contentWindow');
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const harness = this;
    Object.defineProperty(proto, 'contentWindow', {
      configurable: true,
      get(this: HTMLIFrameElement) {
        if (!this.isConnected) return null;
        return harness.frameFor(this).window;
      },
    });
    // happy-dom fires `load` itself for every connected iframe: the test projects configure it to
    // "load" iframe pages without navigating (no network, no console noise). The harness only
    // notes which iframes have loaded, so `settled()` can wait for them.
    const onLoad = (event: Event) => {
      if (event.target instanceof HTMLIFrameElement) harness.loadedIframes.add(event.target);
    };
    document.addEventListener('load', onLoad, true);
    activeHarness = harness;
    this.restore = () => {
      document.removeEventListener('load', onLoad, true);
      if (original) Object.defineProperty(proto, 'contentWindow', original);
      if (activeHarness === harness) activeHarness = undefined;
    };
    return this;
  }

  uninstall(): void {
    this.restore?.();
    this.restore = undefined;
  }

  /** Runs `task` on a later macrotask, counting it until it ran (see {@link settled}). */
  schedule(task: () => void): void {
    this.outstanding++;
    setTimeout(() => {
      this.outstanding--;
      task();
    }, 0);
  }

  /**
   * Resolves once every connected iframe has had its `load` event and no frame answer is queued,
   * seen on two consecutive macrotasks. Waiting for this state, rather than for a fixed delay, keeps
   * tests deterministic on a loaded machine. Under fake timers it returns at once.
   */
  async settled(maxTurns = 2000): Promise<void> {
    if (vi.isFakeTimers()) return;
    let quietTurns = 0;
    for (let turn = 0; turn < maxTurns && quietTurns < 2; turn++) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      quietTurns = this.isQuiet() ? quietTurns + 1 : 0;
    }
  }

  private isQuiet(): boolean {
    if (this.outstanding > 0) return false;
    return Array.from(document.querySelectorAll('iframe')).every(
      (iframe) => !iframe.isConnected || this.loadedIframes.has(iframe),
    );
  }

  frameFor(iframe: HTMLIFrameElement): FakeFrame {
    let frame = this.byIframe.get(iframe);
    if (!frame) {
      frame = new FakeFrame(iframe, this);
      this.byIframe.set(iframe, frame);
      this.frames.push(frame);
    }
    return frame;
  }

  originFor(iframe: HTMLIFrameElement): string {
    try {
      return new URL(iframe.getAttribute('src') ?? '').origin;
    } catch {
      return 'null';
    }
  }

  /** Requests received by all frames, method and URL only (handy in assertions). */
  calls(): string[] {
    return this.log.map((p) => `${p.message.method} ${p.message.url}`);
  }

  clear(): void {
    this.log.length = 0;
    for (const f of this.frames) f.received.length = 0;
  }
}

/** Answers loads with 202 and everything else with 200 and no body. */
export const defaultApp: FrameApp = (request) => {
  if (/\/(load|prepare|create)$|\/quickcreate$/.test(request.url))
    return { statusCode: 202, body: {} };
  return { statusCode: 200, body: null };
};

/** Waits `ms`, then until the installed harness has delivered every queued answer and load event. */
export async function flush(ms = 5): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
  await activeHarness?.settled();
}

import { EmbedError, EmbedErrorCode, PORT_CLOSED_TEXT } from '../errors.ts';
import { createRandomString } from './ids.ts';
import {
  addTrackingProperties,
  isErrorMessage,
  trackingIdOf,
  type IMessageHandler,
} from './message.ts';

/**
 * The origin policy, installed by the Service, which knows its frames and their origins.
 * Without one the proxy behaves like the original: every object message is processed and every
 * message is posted with target origin `'*'`.
 */
export interface OriginPolicy {
  /** The origin to answer to when the message may be processed, or `undefined` to drop it. */
  accept(event: MessageEvent): string | undefined;
  /** The origin to post a request to `target` with. */
  targetOrigin(target: Window): string;
}

export interface MessageProxyOptions {
  /** Name used in diagnostics. */
  name?: string;
  /** Log every posted, received and ignored message to the console. */
  logMessages?: boolean;
  /** Replaces `event.source` as the reply target (for tests whose fake frame lives in this realm). */
  eventSourceOverrideWindow?: Window;
  /** The window to listen on; defaults to `globalThis.window` when `start()` runs. */
  receiveWindow?: Window;
  /** Default time limit of a request in ms; `undefined` waits forever, like the original. */
  timeout?: number;
  /** Aborting this signal rejects every pending and future request. */
  signal?: AbortSignal;
}

export interface PostMessageOptions {
  /** Target origin for `postMessage`. `'*'` only when the Service runs without origin checks. */
  targetOrigin?: string;
  timeout?: number;
  signal?: AbortSignal;
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
  target: Window;
  /** The origin the request was posted to (`'*'` without an origin policy). */
  origin: string;
  timer?: ReturnType<typeof setTimeout>;
  removeAbortListeners?: () => void;
}

/** The text the original proxy answers with when a handler produced no response. Wire-visible. */
function noResponseWarning(message: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(message, null, '  ');
  } catch {
    // A frame may post cyclic or very deeply nested data (structured clone allows both); JSON does not.
    text = '"<message that cannot be shown as JSON>"';
  }
  return `Handler for message: ${text} did not return a response message. The default response message will be returned instead.`;
}

/**
 * Request/response correlation over `window.postMessage`, wire-compatible with
 * window-post-message-proxy (tracking id in `headers.id`, errors = non-2xx `statusCode`).
 *
 * Unlike the original it: checks every incoming message through a gate (source window and origin),
 * answers only the frame that asked, posts to a specific origin, supports timeouts and abort, and
 * can be stopped and restarted without leaking its listener or pending promises.
 */
export class MessageProxy {
  readonly name: string;
  logMessages: boolean;
  private readonly eventSourceOverrideWindow?: Window;
  private readonly explicitReceiveWindow?: Window;
  private receiveWindow?: Window;
  private readonly handlers: IMessageHandler[] = [];
  private readonly pending = new Map<string, Pending>();
  /** The event of each message handed to a handler (frame binding asks for its source and origin). */
  private readonly inbound = new WeakMap<object, MessageEvent>();
  private policy?: OriginPolicy;
  private timeout?: number;
  private signal?: AbortSignal;
  private readonly listener = (event: MessageEvent) => this.onMessageReceived(event);

  constructor(options: MessageProxyOptions = {}) {
    this.name = options.name ?? createRandomString();
    this.logMessages = options.logMessages ?? false;
    this.eventSourceOverrideWindow = options.eventSourceOverrideWindow;
    this.explicitReceiveWindow = options.receiveWindow;
    this.timeout = options.timeout;
    this.signal = options.signal;
    this.start();
  }

  /** Installs (or removes) the origin/source policy. */
  setOriginPolicy(policy: OriginPolicy | undefined): void {
    this.policy = policy;
  }

  /** Changes the default timeout and abort signal for requests made from now on. */
  configure(options: { timeout?: number; signal?: AbortSignal }): void {
    this.timeout = options.timeout;
    this.signal = options.signal;
  }

  addHandler(handler: IMessageHandler): void {
    this.handlers.push(handler);
  }

  removeHandler(handler: IMessageHandler): void {
    const index = this.handlers.indexOf(handler);
    if (index >= 0) this.handlers.splice(index, 1);
  }

  /** Number of requests still waiting for an answer (used by teardown tests and benchmarks). */
  get pendingCount(): number {
    return this.pending.size;
  }

  get handlerCount(): number {
    return this.handlers.length;
  }

  /**
   * The `message` event that delivered `message` to a handler. Recorded here, on the handler path
   * only, instead of by a second window listener that would see (and remember) every reply too.
   */
  eventOf(message: object): MessageEvent | undefined {
    return this.inbound.get(message);
  }

  postMessage<T>(targetWindow: Window, message: object, options?: PostMessageOptions): Promise<T> {
    const callSignal = options?.signal;
    const serviceSignal = this.signal;
    if (callSignal?.aborted) return Promise.reject(abortError(callSignal));
    if (serviceSignal?.aborted) return Promise.reject(abortError(serviceSignal));

    // Ids are short (5–6 characters): among hundreds of concurrent requests two can collide, and a
    // second entry under one id would leave the first request pending for ever.
    let id = createRandomString();
    while (this.pending.has(id)) id = createRandomString();
    addTrackingProperties(message as { headers?: Record<string, unknown> }, { id });
    if (this.logMessages) this.log('Posting message:', message);
    const targetOrigin = options?.targetOrigin ?? this.policy?.targetOrigin(targetWindow) ?? '*';
    targetWindow.postMessage(message, targetOrigin);

    // The common case (no timeout, no signal) allocates nothing but the promise and one entry:
    // this path is hot (every API call), so cleanup state is only created when needed.
    return new Promise<T>((resolve, reject) => {
      const entry: Pending = {
        resolve: resolve as (value: unknown) => void,
        reject,
        target: targetWindow,
        origin: targetOrigin,
      };
      const timeout = options?.timeout ?? this.timeout;
      if (timeout !== undefined && timeout > 0) {
        entry.timer = setTimeout(() => {
          this.settle(id, (e) =>
            e.reject(
              new EmbedError(
                EmbedErrorCode.RequestTimeout,
                `The embedded frame did not answer ${describe(message)} within ${timeout} ms.`,
              ),
            ),
          );
        }, timeout);
      }
      if (callSignal || serviceSignal) {
        const onAbort = (event: Event) =>
          this.settle(id, (e) => e.reject(abortError(event.target as AbortSignal)));
        const signals = [callSignal, serviceSignal].filter((s): s is AbortSignal => !!s);
        for (const s of signals) s.addEventListener('abort', onAbort, { once: true });
        entry.removeAbortListeners = () => {
          for (const s of signals) s.removeEventListener('abort', onAbort);
        };
      }
      this.pending.set(id, entry);
    });
  }

  /** Rejects pending requests (all, or those sent to `target`) with `reason`. */
  rejectPending(reason: unknown, target?: Window | null): void {
    for (const [id, entry] of [...this.pending]) {
      if (target === undefined || entry.target === target) this.settle(id, (e) => e.reject(reason));
    }
  }

  start(): void {
    const win = this.explicitReceiveWindow ?? (globalThis as { window?: Window }).window;
    if (!win || this.receiveWindow) return;
    this.receiveWindow = win;
    win.addEventListener('message', this.listener);
  }

  stop(): void {
    this.receiveWindow?.removeEventListener('message', this.listener);
    this.receiveWindow = undefined;
  }

  private settle(id: string, action: (entry: Pending) => void): void {
    const entry = this.pending.get(id);
    if (!entry) return;
    this.pending.delete(id);
    if (entry.timer !== undefined) clearTimeout(entry.timer);
    entry.removeAbortListeners?.();
    action(entry);
  }

  /** A reply settles its request: rejected for a non-2xx `statusCode`, resolved otherwise. */
  private settleReply(id: string, reply: object): void {
    this.settle(id, (e) => (isErrorMessage(reply) ? e.reject(reply) : e.resolve(reply)));
  }

  private onMessageReceived(event: MessageEvent): void {
    // `source` and `origin` are DOM getters: each is read once per message.
    const eventSource = event.source as Window | null;
    const source = this.eventSourceOverrideWindow ?? eventSource;
    if (!source) return;
    const message: unknown = event.data;
    if (typeof message !== 'object' || message === null) {
      this.log('Ignored a message that is not an object:', message);
      return;
    }
    const id = trackingIdOf(message);
    const entry = id === undefined ? undefined : this.pending.get(id);
    // Fast path for the hot case: a reply from exactly the window and origin the request was posted
    // to. The browser delivered the request only there, so the sender is already verified.
    const origin = event.origin;
    if (entry && entry.origin !== '*' && entry.target === eventSource && entry.origin === origin) {
      if (this.logMessages) this.log('Received message:', message);
      this.settleReply(id as string, message);
      return;
    }

    let replyOrigin = '*';
    if (this.policy) {
      const accepted = this.policy.accept(event);
      if (accepted === undefined) {
        this.log(`Ignored a message from a foreign window or origin (${origin}):`, message);
        return;
      }
      replyOrigin = accepted;
    }
    if (this.logMessages) this.log('Received message:', message);

    // A reply must come from the window the request went to; anything else is treated as unsolicited.
    if (entry && (this.eventSourceOverrideWindow || entry.target === eventSource)) {
      this.settleReply(id as string, message);
      return;
    }

    this.inbound.set(message, event);
    const handler = this.handlers.find((h) => {
      try {
        return h.test(message);
      } catch {
        return false;
      }
    });
    if (!handler) {
      this.log('No handler for message:', message);
      return;
    }
    let result: Promise<unknown>;
    try {
      result = Promise.resolve(handler.handle(message));
    } catch (error) {
      this.log('Handler threw while processing message:', error);
      result = Promise.resolve(undefined);
    }
    result
      .then(
        (response) => this.sendResponse(source, response, id, message, replyOrigin),
        () => this.sendResponse(source, undefined, id, message, replyOrigin),
      )
      .catch((error: unknown) => this.log('Could not answer the frame:', error));
  }

  private sendResponse(
    target: Window,
    response: unknown,
    id: string | undefined,
    request: unknown,
    origin: string,
  ): void {
    const reply = (response ?? { warning: noResponseWarning(request) }) as {
      headers?: Record<string, unknown>;
    };
    addTrackingProperties(reply, { id });
    if (this.logMessages) this.log('Sending response:', reply);
    try {
      target.postMessage(reply, origin);
    } catch (error) {
      // The frame navigated away or was removed between request and reply: its port is closed.
      // Harmless, so a warning, never an error (row 22 of docs/migrating-from-powerbi-client.md).
      console.warn(`[embed-core] ${PORT_CLOSED_TEXT}: the frame went away before its answer.`);
      this.log('Could not answer the frame:', error);
    }
  }

  private log(text: string, payload: unknown): void {
    if (this.logMessages) console.debug(`[embed-core:${this.name}] ${text}`, payload);
  }
}

function abortError(signal: AbortSignal): EmbedError {
  return new EmbedError(EmbedErrorCode.RequestAborted, 'The request was aborted.', {
    cause: signal.reason,
  });
}

function describe(message: object): string {
  const m = message as { method?: string; url?: string };
  return m.method && m.url ? `${m.method} ${m.url}` : 'the message';
}

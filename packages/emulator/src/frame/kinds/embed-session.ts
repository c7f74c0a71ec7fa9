import { EmulatorApi } from '../api-client.ts';
import { FrameError } from '../frame-errors.ts';
import { EventPoster, type EventEntity } from '../protocol/event-poster.ts';
import type { FrameTransport } from '../protocol/transport.ts';
import { h } from '../render/dom.ts';
import { apiErrorToIError, TokenManager } from '../token-manager.ts';

/**
 * The parts every non-report embed shares: its event poster, API client and token, a loaded flag,
 * and a standard way to fail a load (error event + a message in the frame).
 */
export class EmbedSession {
  readonly events: EventPoster;
  readonly api: EmulatorApi;
  readonly tokens: TokenManager;
  loaded = false;
  private uid: string;
  private seq = 0;

  constructor(
    transport: FrameTransport,
    entity: EventEntity,
    readonly root: HTMLElement,
    initialUid: string,
    onRecovered: () => void = () => undefined,
  ) {
    this.uid = initialUid;
    this.events = new EventPoster(transport, entity, () => this.uid);
    this.api = new EmulatorApi(() => this.tokens.token);
    this.tokens = new TokenManager(this.api, this.events, {
      onExpired: () => undefined,
      onRecovered,
    });
  }

  /** Starts a load; returns a function telling whether this load is still the latest one. */
  begin(headers: Record<string, string | undefined>): () => boolean {
    const seq = ++this.seq;
    if (headers.uid) this.uid = headers.uid;
    this.loaded = false;
    this.message('Loading…');
    return () => seq === this.seq;
  }

  fail(error: unknown): void {
    const body =
      error instanceof FrameError
        ? Array.isArray(error.body)
          ? error.body[0]
          : error.body
        : apiErrorToIError(error, true);
    this.events.emit('error', body);
    this.message(`This content isn't available. ${body?.detailedMessage ?? ''}`, true);
  }

  message(text: string, fatal = false): void {
    this.root.className = '';
    this.root.replaceChildren(
      h(
        'div',
        { class: fatal ? 'cv-fatal' : 'cv-placeholder', role: fatal ? 'alert' : 'status' },
        text,
      ),
    );
  }
}

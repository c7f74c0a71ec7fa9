import { EmulatorApi } from '../api-client.ts';
import { postLoadFailure } from '../load-failure.ts';
import { EventPoster, type EventEntity } from '../protocol/event-poster.ts';
import type { FrameTransport } from '../protocol/transport.ts';
import { showStatus } from '../render/status-message.ts';
import { TokenManager } from '../token-manager.ts';

export type LoadHeaders = Record<string, string | undefined>;

/**
 * What a kind does once its token is accepted: fetch, render, post its events. `current()` turns false
 * as soon as a newer load starts, so a slow load never paints over (or posts events for) a newer one.
 */
export type LoadStep<C> = (config: C, current: () => boolean) => void | Promise<void>;

export interface EmbedSessionOptions {
  /**
   * Honour the `tokenProviderSupplied` load header (renew through the host's `newAccessToken` hook).
   * The library only allows `accessTokenProvider` on report (paginated included), create and quick
   * create embeds; the other kinds' hosts have no hook route to answer.
   */
  tokenProvider?: boolean;
}

/**
 * The parts every non-report embed shares: its event poster, API client and token, a loaded flag,
 * and one load lifecycle (token check, stale-load guard, failure as an error event, recovery).
 *
 * Recovery is the same for every kind: when `setAccessToken` brings a valid token after the old one
 * expired (mid-session, or already at load), the last load runs again with the new token, so the
 * page renders again without the host calling load.
 */
export class EmbedSession {
  readonly events: EventPoster;
  readonly api: EmulatorApi;
  readonly tokens: TokenManager;
  loaded = false;
  private uid: string;
  private seq = 0;
  private reload: (() => void) | undefined;

  constructor(
    transport: FrameTransport,
    entity: EventEntity,
    readonly root: HTMLElement,
    initialUid: string,
    options: EmbedSessionOptions = {},
  ) {
    this.uid = initialUid;
    this.events = new EventPoster(transport, entity, () => this.uid);
    this.api = new EmulatorApi(() => this.tokens.token);
    this.tokens = new TokenManager(this.api, this.events, {
      tokenProvider: options.tokenProvider === true,
      onRecovered: () => this.reload?.(),
    });
  }

  /**
   * Runs one load: shows "Loading…", verifies the config's token, then `step`. The route has already
   * answered 202, so a failure (of a load still current) becomes an error event and a message.
   */
  async load<C extends { accessToken?: unknown }>(
    config: C,
    headers: LoadHeaders,
    step: LoadStep<C>,
  ): Promise<void> {
    // The same headers again: the reload keeps the load's uid and its token provider.
    this.reload = () =>
      void this.load({ ...config, accessToken: this.tokens.token }, headers, step);
    const current = this.begin(headers);
    try {
      await this.tokens.start(config.accessToken, headers);
      await step(config, current);
    } catch (error) {
      if (!current()) return;
      this.tokens.noteLoadFailure(error);
      this.fail(error);
    }
  }

  /** The artefact is there: later requests may use it, and the host hears `loaded`. */
  markLoaded(): void {
    this.loaded = true;
    this.events.emit('loaded', { initiator: 'sdk' });
  }

  /** Replaces the frame's content with the kind's view. */
  show(view: HTMLElement): void {
    this.root.className = '';
    this.root.replaceChildren(view);
  }

  fail(error: unknown): void {
    postLoadFailure(this.events, this.root, error);
  }

  private begin(headers: LoadHeaders): () => boolean {
    const seq = ++this.seq;
    if (headers.uid) this.uid = headers.uid;
    this.loaded = false;
    showStatus(this.root, 'Loading…');
    return () => seq === this.seq;
  }
}

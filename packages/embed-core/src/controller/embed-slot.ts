import type { Embed } from '../embeds/embed.ts';
import { trackEmbedStatus, type EmbedStatus } from '../embed-status.ts';

/** What a controller exposes about its component: the instance and its status from the core. */
export interface EmbedControllerSnapshot<E extends Embed<object> = Embed<object>> {
  readonly embed: E | undefined;
  readonly status: EmbedStatus;
  /** The frame's `error` event payload or the load rejection, while `status` is `error`. */
  readonly error: unknown;
}

/** Before mount, after unmount and on the server. */
export const IDLE_SNAPSHOT: EmbedControllerSnapshot = Object.freeze({
  embed: undefined,
  status: 'idle',
  error: undefined,
});

/**
 * Which component an element holds right now, combined with that component's status store into one
 * `subscribe` / `getSnapshot` pair. It keeps no status of its own: every status comes from
 * `trackEmbedStatus`. A new snapshot object only when something changed, as `useSyncExternalStore`
 * and similar readers require.
 */
export class EmbedSlot {
  private embed: Embed<object> | undefined;
  private stopTracking: (() => void) | undefined;
  private snapshot: EmbedControllerSnapshot = IDLE_SNAPSHOT;
  private readonly listeners = new Set<() => void>();

  get current(): Embed<object> | undefined {
    return this.embed;
  }

  set(embed: Embed<object> | undefined): void {
    if (embed === this.embed) return;
    this.stopTracking?.();
    this.stopTracking = undefined;
    this.embed = embed;
    if (embed) {
      const store = trackEmbedStatus(embed);
      this.stopTracking = store.subscribe(() => this.publish(store.getSnapshot()));
      this.publish(store.getSnapshot());
    } else {
      this.publish(undefined);
    }
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  getSnapshot(): EmbedControllerSnapshot {
    return this.snapshot;
  }

  private publish(status: { status: EmbedStatus; error: unknown } | undefined): void {
    const next: EmbedControllerSnapshot = status
      ? { embed: this.embed, status: status.status, error: status.error }
      : IDLE_SNAPSHOT;
    const prev = this.snapshot;
    if (prev.embed === next.embed && prev.status === next.status && prev.error === next.error) {
      return;
    }
    this.snapshot = next;
    for (const listener of [...this.listeners]) listener();
  }
}

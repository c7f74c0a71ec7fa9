import { trackEmbedStatus, type Embed, type EmbedStatus } from '@canopy/embed-core';

/** What the hooks return about the component: the instance and its status from the core. */
export interface EmbedState<E extends Embed<object> = Embed<object>> {
  readonly embed: E | undefined;
  readonly status: EmbedStatus;
  /** The frame's `error` event payload or the load rejection, while `status` is `error`. */
  readonly error: unknown;
}

/** Before mount, after unmount and on the server. */
export const EMPTY_STATE: EmbedState = Object.freeze({
  embed: undefined,
  status: 'idle',
  error: undefined,
});

/**
 * Which component an element holds right now, combined with that component's core status store
 * into one `subscribe` / `getSnapshot` pair for `useSyncExternalStore`. It keeps no status of its
 * own: every status comes from `trackEmbedStatus`.
 */
export class EmbedSlot {
  private embed: Embed<object> | undefined;
  private stopTracking: (() => void) | undefined;
  private snapshot: EmbedState = EMPTY_STATE;
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

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): EmbedState => this.snapshot;

  readonly getServerSnapshot = (): EmbedState => EMPTY_STATE;

  private publish(status: { status: EmbedStatus; error: unknown } | undefined): void {
    const next: EmbedState = status
      ? { embed: this.embed, status: status.status, error: status.error }
      : EMPTY_STATE;
    const prev = this.snapshot;
    if (prev.embed === next.embed && prev.status === next.status && prev.error === next.error) {
      return;
    }
    this.snapshot = next;
    for (const listener of [...this.listeners]) listener();
  }
}

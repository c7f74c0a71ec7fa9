import type { Embed } from '../embeds/embed.ts';
import type { ICustomEvent } from '../events.ts';

/**
 * An event handler as framework wrappers take it (powerbi-client-react's signature): called with the
 * event and the component that sent it. `null` unsubscribes.
 */
export type EmbedEventHandler =
  // `any` as in powerbi-client-react's signature, so handlers written for it keep compiling unchanged.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  ((event?: ICustomEvent<any>, embeddedEntity?: Embed<object>) => void) | null;

/** Handlers by event name: a `Map` (powerbi-client-react) or a plain object. */
export type EmbedEventHandlers =
  | ReadonlyMap<string, EmbedEventHandler | undefined>
  | Readonly<Record<string, EmbedEventHandler | undefined>>;

function isMap(
  handlers: EmbedEventHandlers,
): handlers is ReadonlyMap<string, EmbedEventHandler | undefined> {
  return handlers instanceof Map;
}

/** The names that have a handler (`null` and `undefined` entries subscribe nothing). */
export function subscribedNames(handlers: EmbedEventHandlers | undefined): string[] {
  if (!handlers) return [];
  const entries = isMap(handlers) ? [...handlers] : Object.entries(handlers);
  return entries.filter(([, handler]) => typeof handler === 'function').map(([name]) => name);
}

export function handlerFor(
  handlers: EmbedEventHandlers | undefined,
  name: string,
): EmbedEventHandler | undefined {
  if (!handlers) return undefined;
  return isMap(handlers) ? handlers.get(name) : handlers[name];
}

/**
 * Keeps one stable listener per event name on the current component. The listener looks the handler
 * up when the event fires, so a new inline arrow on every render neither goes stale nor resubscribes;
 * only a name appearing or disappearing changes the subscriptions. Each listener is removed by
 * reference, so handlers the app added with `embed.on` itself are never touched.
 */
export class EventBindings {
  private embed: Embed<object> | undefined;
  private readonly bound = new Map<string, (event: ICustomEvent<unknown>) => void>();
  /** Names the core refused for this component, reported once. */
  private readonly refused = new Set<string>();

  constructor(
    private readonly latestHandler: (name: string) => EmbedEventHandler | undefined,
    private readonly onInvalid: (names: string[]) => void,
  ) {}

  /** Subscribes `names` on `embed` and unsubscribes every other name bound before. */
  sync(embed: Embed<object> | undefined, names: readonly string[]): void {
    if (embed !== this.embed) {
      this.clear();
      this.embed = embed;
    }
    if (!embed) return;
    const wanted = new Set(names);
    for (const [name, listener] of [...this.bound]) {
      if (wanted.has(name)) continue;
      embed.off(name, listener);
      this.bound.delete(name);
    }
    const invalid: string[] = [];
    for (const name of wanted) {
      if (this.bound.has(name) || this.refused.has(name)) continue;
      const listener = (event: ICustomEvent<unknown>) => this.latestHandler(name)?.(event, embed);
      try {
        // The core owns the list of events each component type allows; it throws for the others.
        embed.on(name, listener);
        this.bound.set(name, listener);
      } catch {
        this.refused.add(name);
        invalid.push(name);
      }
    }
    if (invalid.length > 0) this.onInvalid(invalid);
  }

  /** Removes every listener this object added. */
  clear(): void {
    for (const [name, listener] of this.bound) this.embed?.off(name, listener);
    this.bound.clear();
    this.refused.clear();
    this.embed = undefined;
  }
}

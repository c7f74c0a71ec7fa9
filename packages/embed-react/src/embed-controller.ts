import {
  embedFromConfig,
  trackEmbedStatus,
  type AnyEmbedConfiguration,
  type Embed,
  type Report,
  type service,
} from '@canopy/embed-core';
import { diffConfig, type ConfigChange, type LiveUpdate } from './config-diff.ts';
import { snapshotValue } from './deep-equal.ts';
import type { EmbedSlot } from './embed-slot.ts';
import {
  EventBindings,
  handlerFor,
  subscribedNames,
  type EventHandlers,
} from './event-bindings.ts';
import { SDK_TYPE, SDK_WRAPPER_VERSION } from './sdk-info.ts';

/** What the component was rendered with most recently. */
export interface EmbedInput {
  config: AnyEmbedConfiguration;
  eventHandlers?: EventHandlers;
  phasedEmbedding?: boolean;
  getEmbeddedComponent?: (embed: Embed<object>) => void;
}

/**
 * Maps a component's life onto embed-core for one container element: `mount` embeds, `update`
 * applies a new configuration with the cheapest core call (see `config-diff.ts`), `unmount` resets.
 * It holds no React and is driven by `useEmbed`; every embedding decision is made by the core.
 */
export class EmbedController {
  /** Copy of the configuration last handed to the core. */
  private applied: AnyEmbedConfiguration | undefined;
  private readonly bindings: EventBindings;
  /** Live updates run one after the other, in the order the props changed. */
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly service: service.Service,
    private readonly element: HTMLElement,
    private readonly slot: EmbedSlot,
    private readonly latest: () => EmbedInput,
  ) {
    this.bindings = new EventBindings((name) => handlerFor(this.latest().eventHandlers, name));
  }

  mount(): void {
    this.service.setSdkInfo(SDK_TYPE, SDK_WRAPPER_VERSION);
    this.embed();
  }

  update(): void {
    const input = this.latest();
    const change: ConfigChange = this.applied
      ? diffConfig(this.applied, input.config)
      : { kind: 'embed' };
    switch (change.kind) {
      case 'update':
        this.applied = snapshotValue(input.config);
        this.runUpdates(change.updates);
        break;
      case 'embed':
        this.embed();
        break;
      case 'replace':
        this.bindings.clear();
        this.service.reset(this.element);
        this.slot.set(undefined);
        this.embed();
        break;
    }
    this.bindings.sync(this.slot.current, subscribedNames(input.eventHandlers));
  }

  unmount(): void {
    this.bindings.clear();
    this.service.reset(this.element);
    this.slot.set(undefined);
    this.applied = undefined;
  }

  private embed(): void {
    const input = this.latest();
    // Recorded before the core call: a config the core refuses is not retried on every render.
    this.applied = snapshotValue(input.config);
    const embed = embedFromConfig(this.service, this.element, this.toCoreConfig(input.config), {
      phasedEmbedding: input.phasedEmbedding,
    });
    this.slot.set(embed);
    this.bindings.sync(embed, subscribedNames(input.eventHandlers));
    if (embed) input.getEmbeddedComponent?.(embed);
  }

  /**
   * A copy for the core, which writes into the object it gets (`type`). Event hooks become stable
   * functions that call the hook of the latest render, so inline hooks need no reload.
   */
  private toCoreConfig(config: AnyEmbedConfiguration): AnyEmbedConfiguration {
    const copy = { ...config } as AnyEmbedConfiguration & { eventHooks?: Record<string, unknown> };
    const hooks = copy.eventHooks;
    if (!hooks) return copy;
    const stable: Record<string, unknown> = {};
    for (const [name, hook] of Object.entries(hooks)) {
      // Anything but a function goes to the core as is, so its validation still reports it.
      stable[name] =
        typeof hook === 'function'
          ? (...args: unknown[]) => {
              const current = (this.latest().config as { eventHooks?: Record<string, unknown> })
                .eventHooks?.[name];
              return typeof current === 'function'
                ? (current as (...a: unknown[]) => unknown)(...args)
                : undefined;
            }
          : hook;
    }
    copy.eventHooks = stable;
    return copy;
  }

  /**
   * Runs the calls after the component has loaded (a frame still loading would miss them), and
   * only while it is still the element's component. Failures go to the Service's `onError`
   * unchanged, as every other failure without a caller does.
   */
  private runUpdates(updates: LiveUpdate[]): void {
    const embed = this.slot.current;
    if (!embed) return;
    const loaded = whenSettled(embed);
    for (const update of updates) {
      this.queue = this.queue
        .then(() => loaded)
        .then(async () => {
          if (this.slot.current === embed) await applyUpdate(embed, update);
        })
        .catch((error: unknown) => this.service.reportAsyncError(embed, error));
    }
  }
}

async function applyUpdate(embed: Embed<object>, update: LiveUpdate): Promise<unknown> {
  const report = embed as unknown as Report;
  switch (update.kind) {
    case 'token':
      return embed.setAccessToken(update.accessToken);
    case 'settings':
      return report.updateSettings(update.settings);
    case 'filters':
      return report.setFilters(update.filters);
    case 'page':
      return report.setPage(update.pageName);
  }
}

/** Resolves once the component is no longer loading (loaded, rendered, failed or reset). */
function whenSettled(embed: Embed<object>): Promise<void> {
  const store = trackEmbedStatus(embed);
  return new Promise((resolve) => {
    const check = () => {
      if (store.getSnapshot().status === 'loading') return false;
      resolve();
      return true;
    };
    if (check()) return;
    const unsubscribe = store.subscribe(() => {
      if (check()) unsubscribe();
    });
  });
}

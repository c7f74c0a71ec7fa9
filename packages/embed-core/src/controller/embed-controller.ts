import type { Embed } from '../embeds/embed.ts';
import { embedFromConfig, type AnyEmbedConfiguration } from '../embed-from-config.ts';
import { assertConfigObject } from '../service/argument-checks.ts';
import type { Service } from '../service/service.ts';
import { snapshotValue } from './deep-equal.ts';
import {
  diffEmbedConfig,
  type EmbedConfigChange,
  type EmbedLiveUpdate,
} from './diff-embed-config.ts';
import { EmbedSlot, type EmbedControllerSnapshot } from './embed-slot.ts';
import {
  EventBindings,
  handlerFor,
  subscribedNames,
  type EmbedEventHandlers,
} from './event-bindings.ts';
import { applyLiveUpdate, whenSettled } from './live-updates.ts';

/** What a framework component was rendered with most recently. */
export interface EmbedControllerInput<E extends Embed<object> = Embed<object>> {
  /** What to embed. Later changes are applied with the cheapest core call (`diffEmbedConfig`). */
  config: AnyEmbedConfiguration;
  /** Handlers by event name (`Map` or object); the latest handler is called, `null` unsubscribes. */
  eventHandlers?: EmbedEventHandlers;
  /** Prepare reports with `service.load`; show them with `report.render()`. */
  phasedEmbedding?: boolean;
  /** Called with the component each time one is embedded (mount, re-embed, replacement). */
  onEmbedded?: (embed: E) => void;
}

export interface EmbedControllerOptions {
  /**
   * The wrapper's name and version, set with `service.setSdkInfo` on each mount so that requests
   * carry them in `x-sdk-type` / `x-sdk-wrapper-version`.
   */
  sdkInfo?: { type: string; version: string };
  /**
   * Called once per component with the event names the core refused for it. Default: the report of
   * powerbi-client-react, `console.error('Following events are invalid: a,b')`.
   */
  onInvalidEvents?: (names: string[]) => void;
}

/**
 * The framework-free half of a component that embeds into one element. An adapter maps its
 * framework's lifecycle onto four calls and reads the state through `subscribe` / `getSnapshot`.
 */
export interface EmbedController<E extends Embed<object> = Embed<object>> {
  /**
   * Embeds the latest input into `element` with `service` (embed, phased load, bootstrap or
   * createReport, as `embedFromConfig` decides). A controller that is already mounted is unmounted
   * first. Core errors (invalid URL, missing type) are thrown unchanged.
   */
  mount(service: Service, element: HTMLElement): void;
  /**
   * Takes the latest input. While mounted it applies the configuration change with the cheapest
   * core call (live update after load, same-frame load, or a new component) and syncs the event
   * subscriptions; while unmounted it only keeps the input for `mount`. Cheap when nothing changed.
   */
  update(input: EmbedControllerInput<E>): void;
  /** Resets the element (iframe, routes and listeners go) and returns to the idle snapshot. */
  unmount(): void;
  /** Calls `listener` after every snapshot change; returns the unsubscribe function. Bound. */
  readonly subscribe: (listener: () => void) => () => void;
  /** The component and its status; a new object only when something changed. Bound. */
  readonly getSnapshot: () => EmbedControllerSnapshot<E>;
}

/**
 * Creates the controller of one framework component. It touches no browser global until `mount`,
 * so creating it during a server render is safe.
 */
export function createEmbedController<E extends Embed<object> = Embed<object>>(
  input: EmbedControllerInput<E>,
  options: EmbedControllerOptions = {},
): EmbedController<E> {
  return new Controller<E>(input, options);
}

function reportInvalidEvents(names: string[]): void {
  // Same report as powerbi-client-react, which checks the names against its own table.
  console.error(`Following events are invalid: ${names.join(',')}`);
}

class Controller<E extends Embed<object>> implements EmbedController<E> {
  private input: EmbedControllerInput<E>;
  private target: { service: Service; element: HTMLElement } | undefined;
  /** Copy of the configuration last handed to the core. */
  private applied: AnyEmbedConfiguration | undefined;
  private readonly slot = new EmbedSlot();
  private readonly bindings: EventBindings;
  /** Live updates run one after the other, in the order the configuration changed. */
  private queue: Promise<void> = Promise.resolve();

  constructor(
    input: EmbedControllerInput<E>,
    private readonly options: EmbedControllerOptions,
  ) {
    assertConfigObject(input?.config, 'createEmbedController: input.config');
    this.input = input;
    this.bindings = new EventBindings(
      (name) => handlerFor(this.input.eventHandlers, name),
      options.onInvalidEvents ?? reportInvalidEvents,
    );
  }

  readonly subscribe = (listener: () => void): (() => void) => this.slot.subscribe(listener);

  readonly getSnapshot = (): EmbedControllerSnapshot<E> =>
    this.slot.getSnapshot() as EmbedControllerSnapshot<E>;

  mount(service: Service, element: HTMLElement): void {
    if (this.target) this.unmount();
    this.target = { service, element };
    const sdk = this.options.sdkInfo;
    if (sdk) service.setSdkInfo(sdk.type, sdk.version);
    this.embed();
  }

  update(input: EmbedControllerInput<E>): void {
    assertConfigObject(input?.config, 'embedController.update: input.config');
    this.input = input;
    const target = this.target;
    if (!target) return;
    const change: EmbedConfigChange = this.applied
      ? diffEmbedConfig(this.applied, input.config)
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
        target.service.reset(target.element);
        this.slot.set(undefined);
        this.embed();
        break;
    }
    this.bindings.sync(this.slot.current, subscribedNames(input.eventHandlers));
  }

  unmount(): void {
    const target = this.target;
    this.target = undefined;
    this.applied = undefined;
    this.bindings.clear();
    if (target) target.service.reset(target.element);
    this.slot.set(undefined);
  }

  private embed(): void {
    const target = this.target;
    if (!target) return;
    const input = this.input;
    // Recorded before the core call: a config the core refuses is not retried on every update.
    this.applied = snapshotValue(input.config);
    const embed = embedFromConfig(target.service, target.element, this.toCoreConfig(input.config), {
      phasedEmbedding: input.phasedEmbedding,
    });
    this.slot.set(embed);
    this.bindings.sync(embed, subscribedNames(input.eventHandlers));
    if (embed) input.onEmbedded?.(embed as E);
  }

  /**
   * A copy for the core, which writes into the object it gets (`type`). Event hooks become stable
   * functions that call the hook of the latest input, so inline hooks need no reload.
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
              const current = (this.input.config as { eventHooks?: Record<string, unknown> })
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
  private runUpdates(updates: EmbedLiveUpdate[]): void {
    const embed = this.slot.current;
    const service = this.target?.service;
    if (!embed || !service) return;
    const loaded = whenSettled(embed);
    for (const update of updates) {
      this.queue = this.queue
        .then(() => loaded)
        .then(async () => {
          if (this.slot.current === embed) await applyLiveUpdate(embed, update);
        })
        .catch((error: unknown) => service.reportAsyncError(embed, error));
    }
  }
}

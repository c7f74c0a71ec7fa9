import type { FrameTransport } from './transport.ts';

/** The URL prefix the host's service routes events by: one per embed type. */
export type EventEntity = 'reports' | 'dashboards' | 'tile' | 'qna';

export interface EventScope {
  page?: string;
  visual?: string;
}

/** How long a host event hook may take before the frame carries on without its answer. */
const HOOK_TIMEOUT_MS = 10_000;

/**
 * Posts events to the host as HTTP-like POSTs (`/reports/<uid>/events/<name>` and the page and visual
 * scoped forms) and runs event-hook round trips (`/reports/<uid>/eventHooks/<name>`).
 */
export class EventPoster {
  private readonly listeners: ((name: string, body: unknown) => void)[] = [];

  constructor(
    private readonly transport: FrameTransport,
    private readonly entity: EventEntity,
    private readonly uid: () => string,
  ) {}

  /** Lets the page itself observe what it sent (used by the activity log for debugging). */
  onEmit(listener: (name: string, body: unknown) => void): void {
    this.listeners.push(listener);
  }

  emit(name: string, body: unknown = {}, scope: EventScope = {}): void {
    let url = `/${this.entity}/${encodeURIComponent(this.uid())}`;
    if (scope.page !== undefined) url += `/pages/${encodeURIComponent(scope.page)}`;
    if (scope.page !== undefined && scope.visual !== undefined) {
      url += `/visuals/${encodeURIComponent(scope.visual)}`;
    }
    url += `/events/${name}`;
    for (const listener of this.listeners) listener(name, body);
    if (window.parent === window) return;
    this.transport.hpm
      .post(url, body, {}, window.parent, this.transport.hostOrigin())
      // A host that ignores an event is not the frame's problem.
      .catch(() => undefined);
  }

  /**
   * Asks the host for a hook's answer. Resolves `undefined` when the host has no such hook, fails, or
   * does not answer in time (the service's own create path registers no hook route at all).
   */
  async hook(name: string, body: unknown): Promise<unknown> {
    if (window.parent === window) return undefined;
    const url = `/reports/${encodeURIComponent(this.uid())}/eventHooks/${name}`;
    let timer = 0;
    const timeout = new Promise<undefined>((resolve) => {
      timer = window.setTimeout(() => resolve(undefined), HOOK_TIMEOUT_MS);
    });
    try {
      const answer = this.transport.hpm
        .post<unknown>(url, body, {}, window.parent, this.transport.hostOrigin())
        .then((response) => response.body)
        .catch(() => undefined);
      return await Promise.race([answer, timeout]);
    } finally {
      window.clearTimeout(timer);
    }
  }
}

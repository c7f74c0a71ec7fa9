/**
 * A real Service talking to fake frames (happy-dom loads no iframe pages): every request a caller
 * makes through the core shows up in `harness.log` exactly as it would go on the wire. Shared by the
 * controller tests here and the React adapter's tests, which run each step inside `act`.
 */
import { factories, models, service as pbi, type Embed } from '../../src/index.ts';
import { FakeFrameHarness, flush, type FakeFrame } from './fake-frame.ts';

export { flush };

export const REPORT_URL = 'https://app.powerbi.com/reportEmbed?reportId=r1&groupId=g1';
export const REPORT2_URL = 'https://app.powerbi.com/reportEmbed?reportId=r2&groupId=g1';
export const DASHBOARD_URL = 'https://app.powerbi.com/dashboardEmbed?dashboardId=d1&groupId=g1';

export function reportConfig(overrides: Record<string, unknown> = {}) {
  return {
    type: 'report',
    id: 'r1',
    embedUrl: REPORT_URL,
    accessToken: 'token-1',
    tokenType: models.TokenType.Embed,
    ...overrides,
  };
}

export const regionFilter = (values: string[]) => ({
  $schema: 'http://powerbi.com/product/schema#basic',
  target: { table: 'Sales', column: 'Region' },
  operator: 'In',
  values,
  filterType: 1,
});

export class ServiceBed {
  readonly harness = new FakeFrameHarness().install();
  readonly errors: unknown[] = [];
  readonly service = new pbi.Service(
    factories.hpmFactory,
    factories.wpmpFactory,
    factories.routerFactory,
    { onError: (error) => this.errors.push(error) },
  );
  /** Routes and message handlers of a Service with no component: what a clean teardown returns to. */
  readonly baseline = {
    routes: this.service.router.routeCount,
    handlers: this.service.wpmp.handlerCount,
  };

  /** `METHOD url` of every request the frames received. */
  calls(): string[] {
    return this.harness.calls();
  }

  requests(call: string) {
    return this.harness.log.filter((p) => `${p.message.method} ${p.message.url}` === call);
  }

  frameOf(embed: Embed<object>): FakeFrame {
    return this.harness.frameFor(embed.iframe);
  }

  /**
   * Lets frame answers, iframe `load` events and queued updates run: waits until no new request has
   * reached a frame for a few timer turns (timers lag on a busy machine).
   */
  async settle(ms = 5): Promise<void> {
    await this.step(async () => {
      let quiet = 0;
      let seen = this.harness.log.length;
      for (let turn = 0; turn < 100 && quiet < 3; turn++) {
        await flush(ms);
        quiet = this.harness.log.length === seen ? quiet + 1 : 0;
        seen = this.harness.log.length;
      }
    });
  }

  /** The frame of `embed` sends event `name` to the host. */
  async emit(embed: Embed<object>, name: string, body?: unknown): Promise<void> {
    const kind = embed.embedtype === 'dashboard' ? 'dashboards' : 'reports';
    await this.step(async () => {
      await this.frameOf(embed).post(`/${kind}/${embed.config.uniqueId}/events/${name}`, body);
    });
  }

  dispose(): void {
    this.service.destroy();
    this.harness.uninstall();
    document.body.innerHTML = '';
  }

  /** Runs one asynchronous test step; the React tests wrap it in `act`. */
  protected async step(run: () => Promise<void>): Promise<void> {
    await run();
  }
}

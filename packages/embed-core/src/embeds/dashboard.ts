import * as models from 'powerbi-models';
import { messages } from '../errors.ts';
import type { DashboardEventMap } from '../events.ts';
import { findParamInUrl } from '../internal/url.ts';
import type { IEmbedService } from './embed-service.ts';
import { Embed, type IEmbedConfigurationBase } from './embed.ts';
import { quietDisposalOf } from './quiet-disposal.ts';

const PAGE_VIEWS = ['fitToWidth', 'oneColumn', 'actualSize'];

/** An embedded dashboard. */
export class Dashboard extends Embed<DashboardEventMap> {
  static allowedEvents = ['tileClicked', 'error'];
  static dashboardIdAttribute = 'powerbi-dashboard-id';
  static typeAttribute = 'powerbi-type';
  static type = 'Dashboard';

  constructor(
    service: IEmbedService,
    element: HTMLElement,
    config: IEmbedConfigurationBase,
    phasedRender?: boolean,
    isBootstrap?: boolean,
  ) {
    super(service, element, config, undefined, phasedRender, isBootstrap);
    this.loadPath = '/dashboard/load';
    this.phasedLoadPath = '/dashboard/prepare';
    this.allowedEvents.push(...Dashboard.allowedEvents);
  }

  static findIdFromEmbedUrl(url: string): string | undefined {
    return findParamInUrl(url, 'dashboardId');
  }

  getId(): string {
    const config = this.config as models.IDashboardEmbedConfiguration;
    const id =
      config.id ||
      this.element.getAttribute(Dashboard.dashboardIdAttribute) ||
      Dashboard.findIdFromEmbedUrl(config.embedUrl as string);
    if (typeof id !== 'string' || id.length === 0) throw new Error(messages.dashboardIdRequired);
    return id;
  }

  validate(baseConfig: IEmbedConfigurationBase): models.IError[] | undefined {
    const config = baseConfig as models.IDashboardEmbedConfiguration;
    const errors = models.validateDashboardLoad(config);
    if (errors) return errors;
    if (config.pageView && !PAGE_VIEWS.includes(config.pageView)) {
      return [{ message: messages.dashboardPageView }];
    }
    return undefined;
  }

  configChanged(isBootstrap: boolean): void {
    if (isBootstrap) return;
    (this.config as models.IDashboardEmbedConfiguration).id = this.getId();
  }

  getDefaultEmbedUrlEndpoint(): string {
    return 'dashboardEmbed';
  }
}

quietDisposalOf(Dashboard);

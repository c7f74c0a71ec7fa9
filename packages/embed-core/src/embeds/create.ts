import * as models from 'powerbi-models';
import { messages } from '../errors.ts';
import { findParamInUrl } from '../internal/url.ts';
import type { EmbedEventMap } from '../events.ts';
import type { IEmbedService } from './embed-service.ts';
import { Embed, type IEmbedConfigurationBase, type ISessionHeaders } from './embed.ts';
import { registerEventHooksRoute } from './event-hooks-route.ts';
import { quietDisposalOf } from './quiet-disposal.ts';

/** The report-creation experience over a dataset (`service.createReport`). */
export class Create extends Embed<EmbedEventMap> {
  /** What is sent in `/report/create`; derived from the config in `configChanged`. */
  declare createConfig: models.IReportCreateConfiguration;

  constructor(
    service: IEmbedService,
    element: HTMLElement,
    config: IEmbedConfigurationBase,
    phasedRender?: boolean,
    isBootstrap?: boolean,
  ) {
    super(service, element, config, undefined, phasedRender, isBootstrap);
    // Fixed: the original advertised tokenProviderSupplied for create but never answered the hook.
    registerEventHooksRoute(this, { newAccessToken: () => this.eventHooks?.accessTokenProvider });
  }

  static findIdFromEmbedUrl(url: string): string | undefined {
    return findParamInUrl(url, 'datasetId');
  }

  getId(): string {
    const datasetId =
      this.createConfig?.datasetId || Create.findIdFromEmbedUrl(this.config.embedUrl as string);
    if (typeof datasetId !== 'string' || datasetId.length === 0) {
      throw new Error(messages.datasetIdRequired);
    }
    return datasetId;
  }

  validate(config: IEmbedConfigurationBase): models.IError[] | undefined {
    return models.validateCreateReport(config);
  }

  configChanged(isBootstrap: boolean): void {
    if (isBootstrap) return;
    const config = this.config as models.IReportCreateConfiguration & models.IEmbedConfiguration;
    this.createConfig = {
      accessToken: config.accessToken,
      datasetId: config.datasetId || this.getId(),
      groupId: config.groupId,
      settings: config.settings,
      tokenType: config.tokenType,
      theme: config.theme,
    };
  }

  getDefaultEmbedUrlEndpoint(): string {
    return 'reportEmbed';
  }

  /** Whether the new report has no unsaved changes. */
  async isSaved(): Promise<boolean> {
    return !(await this.request<boolean>('GET', '/report/hasUnsavedChanges')).body;
  }

  async create(): Promise<void> {
    const errors = models.validateCreateReport(this.createConfig);
    if (errors) throw errors;
    const headers: Partial<ISessionHeaders> = {
      uid: this.config.uniqueId,
      sdkSessionId: this.service.getSdkSessionId(),
    };
    if (this.eventHooks?.accessTokenProvider) headers.tokenProviderSupplied = true;
    return (await this.sendRequest<void>('POST', '/report/create', this.createConfig, headers))
      .body;
  }
}

quietDisposalOf(Create);

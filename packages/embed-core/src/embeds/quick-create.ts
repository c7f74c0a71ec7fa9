import * as models from 'powerbi-models';
import type { EmbedEventMap } from '../events.ts';
import type { IEmbedService } from './embed-service.ts';
import { Embed, type IEmbedConfigurationBase, type ISessionHeaders } from './embed.ts';
import { registerEventHooksRoute } from './event-hooks-route.ts';
import { quietDisposalOf } from './quiet-disposal.ts';

/** Quick create: a report generated from a `datasetCreateConfig` (`service.quickCreate`). */
export class QuickCreate extends Embed<EmbedEventMap> {
  declare createConfig: models.IQuickCreateConfiguration;

  constructor(
    service: IEmbedService,
    element: HTMLElement,
    config: IEmbedConfigurationBase,
    phasedRender?: boolean,
    isBootstrap?: boolean,
  ) {
    super(service, element, config, undefined, phasedRender, isBootstrap);
    registerEventHooksRoute(this, { newAccessToken: () => this.eventHooks?.accessTokenProvider });
  }

  /** Quick create has no id of its own. */
  getId(): string {
    return null as unknown as string;
  }

  validate(config: IEmbedConfigurationBase): models.IError[] | undefined {
    return models.validateQuickCreate(config);
  }

  configChanged(isBootstrap: boolean): void {
    if (isBootstrap) return;
    this.createConfig = this.config as models.IQuickCreateConfiguration;
  }

  getDefaultEmbedUrlEndpoint(): string {
    return 'quickCreate';
  }

  async create(): Promise<void> {
    const errors = models.validateQuickCreate(this.createConfig);
    if (errors) throw errors;
    const headers: Partial<ISessionHeaders> = {
      uid: this.config.uniqueId,
      sdkSessionId: this.service.getSdkSessionId(),
    };
    if (this.eventHooks?.accessTokenProvider) headers.tokenProviderSupplied = true;
    return (await this.sendRequest<void>('POST', '/quickcreate', this.createConfig, headers)).body;
  }
}

quietDisposalOf(QuickCreate);

import * as models from 'powerbi-models';
import { messages } from '../errors.ts';
import type { TileEventMap } from '../events.ts';
import { findParamInUrl } from '../internal/url.ts';
import type { IEmbedService } from './embed-service.ts';
import { Embed, type IEmbedConfigurationBase } from './embed.ts';
import { quietDisposalOf } from './quiet-disposal.ts';

/** A single embedded dashboard tile. */
export class Tile extends Embed<TileEventMap> {
  static type = 'Tile';
  static allowedEvents = ['tileClicked', 'tileLoaded'];

  constructor(
    service: IEmbedService,
    element: HTMLElement,
    baseConfig: IEmbedConfigurationBase,
    phasedRender?: boolean,
    isBootstrap?: boolean,
  ) {
    super(service, element, baseConfig, undefined, phasedRender, isBootstrap);
    this.loadPath = '/tile/load';
    this.allowedEvents.push(...Tile.allowedEvents);
  }

  static findIdFromEmbedUrl(url: string): string | undefined {
    return findParamInUrl(url, 'tileId');
  }

  getId(): string {
    const config = this.config as models.ITileEmbedConfiguration;
    const id = config.id || Tile.findIdFromEmbedUrl(config.embedUrl as string);
    if (typeof id !== 'string' || id.length === 0) throw new Error(messages.tileIdRequired);
    return id;
  }

  validate(config: IEmbedConfigurationBase): models.IError[] | undefined {
    return models.validateTileLoad(config);
  }

  configChanged(isBootstrap: boolean): void {
    if (isBootstrap) return;
    (this.config as models.ITileEmbedConfiguration).id = this.getId();
  }

  getDefaultEmbedUrlEndpoint(): string {
    return 'tileEmbed';
  }
}

quietDisposalOf(Tile);

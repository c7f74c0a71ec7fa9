import type { Service } from '../service/service.ts';
import type { IEmbedConfigurationBase } from './embed.ts';
import { Report } from './report.ts';

/** A single report visual embedded on its own. */
export class Visual extends Report {
  static type = 'visual';

  constructor(
    service: Service,
    element: HTMLElement,
    baseConfig: IEmbedConfigurationBase,
    phasedRender?: boolean,
    isBootstrap?: boolean,
    iframe?: HTMLIFrameElement,
  ) {
    super(service, element, baseConfig, phasedRender, isBootstrap, iframe);
  }
}

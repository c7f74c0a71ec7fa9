import * as models from 'powerbi-models';
import type { QnaEventMap } from '../events.ts';
import type { IHttpPostMessageResponse } from '../transport/message.ts';
import type { IEmbedService } from './embed-service.ts';
import { Embed, type IEmbedConfigurationBase } from './embed.ts';
import { quietDisposalOf } from './quiet-disposal.ts';

/** An embedded Q&A experience over one or more datasets. */
export class Qna extends Embed<QnaEventMap> {
  static type = 'Qna';
  static allowedEvents = ['loaded', 'visualRendered'];

  constructor(
    service: IEmbedService,
    element: HTMLElement,
    config: IEmbedConfigurationBase,
    phasedRender?: boolean,
    isBootstrap?: boolean,
  ) {
    super(service, element, config, undefined, phasedRender, isBootstrap);
    this.loadPath = '/qna/load';
    this.phasedLoadPath = '/qna/prepare';
    this.allowedEvents.push(...Qna.allowedEvents);
  }

  /** Q&A has no id of its own. */
  getId(): string {
    return null as unknown as string;
  }

  /** Asks a question; the frame answers with a visual. */
  async setQuestion(question: string): Promise<IHttpPostMessageResponse<void>> {
    const qnaData: models.IQnaInterpretInputData = { question };
    return this.request<void>('POST', '/qna/interpret', qnaData);
  }

  configChanged(_isBootstrap: boolean): void {
    // Nothing to derive: Q&A is configured by datasetIds and question.
  }

  getDefaultEmbedUrlEndpoint(): string {
    return 'qnaEmbed';
  }

  validate(config: IEmbedConfigurationBase): models.IError[] | undefined {
    return models.validateLoadQnaConfiguration(config);
  }
}

quietDisposalOf(Qna);

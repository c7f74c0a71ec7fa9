import type * as models from 'powerbi-models';
import { messages } from '../errors.ts';
import type { IEmbedConfigurationBase } from '../embeds/embed.ts';
import { sendFrameRequest } from '../embeds/frame-request.ts';
import { isRDLEmbed } from '../internal/url.ts';
import type { IEmbedService } from '../embeds/embed-service.ts';
import type { IHttpPostMessageResponse } from '../transport/message.ts';
import { quietDisposalOf } from '../embeds/quiet-disposal.ts';

/** Report bookmarks: list, apply, play, capture and apply state (`report.bookmarksManager`). */
export class BookmarksManager {
  constructor(
    private readonly service: IEmbedService,
    private readonly config: IEmbedConfigurationBase,
    private readonly iframe?: HTMLIFrameElement,
    /** The owning report's uid; the original sent `undefined` here (its config had none yet). */
    private readonly uniqueId: () => string | undefined = () => config.uniqueId,
  ) {}

  async getBookmarks(): Promise<models.IReportBookmark[]> {
    return (await this.send<models.IReportBookmark[]>('GET', '/report/bookmarks')).body;
  }

  apply(bookmarkName: string): Promise<IHttpPostMessageResponse<void>> {
    const request: models.IApplyBookmarkByNameRequest = { name: bookmarkName };
    return this.send<void>('POST', '/report/bookmarks/applyByName', request);
  }

  play(playMode: models.BookmarksPlayMode): Promise<IHttpPostMessageResponse<void>> {
    const request: models.IPlayBookmarkRequest = { playMode };
    return this.send<void>('POST', '/report/bookmarks/play', request);
  }

  async capture(options?: models.ICaptureBookmarkOptions): Promise<models.IReportBookmark> {
    const request: models.ICaptureBookmarkRequest = { options: options || {} };
    return (await this.send<models.IReportBookmark>('POST', '/report/bookmarks/capture', request))
      .body;
  }

  applyState(state: string): Promise<IHttpPostMessageResponse<void>> {
    const request: models.IApplyBookmarkStateRequest = { state };
    return this.send<void>('POST', '/report/bookmarks/applyState', request);
  }

  /** Bookmarks are refused for paginated (RDL) reports, before anything is sent. */
  private send<T>(
    method: 'GET' | 'POST',
    url: string,
    body?: unknown,
  ): Promise<IHttpPostMessageResponse<T>> {
    if (isRDLEmbed(this.config.embedUrl)) return Promise.reject(messages.rdlNotSupported);
    const headers = { uid: this.uniqueId() };
    return sendFrameRequest<T>(
      this.service,
      method,
      url,
      body,
      headers,
      this.iframe?.contentWindow,
    );
  }
}

quietDisposalOf(BookmarksManager);

import type {
  DashboardDefinition,
  DatasetSchema,
  InternalErrorBody,
  InternalErrorCode,
  QnaAnswer,
  QueryRequest,
  QueryResult,
  ReportDefinition,
  TileView,
  SaveReportRequest,
} from '../contract.ts';

/** A failure of the emulator's internal API, with its stable code. */
export class ApiError extends Error {
  constructor(
    readonly code: InternalErrorCode | 'NetworkError',
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface TokenInfo {
  ok: true;
  /** Epoch milliseconds. */
  expiresAt: number;
}

/** Accepts seconds, milliseconds or an ISO date, since the server's field is only loosely specified. */
function toEpochMs(value: unknown): number {
  if (typeof value === 'number') return value < 1e12 ? value * 1000 : value;
  if (typeof value === 'string') {
    const parsed = Date.parse(value);
    if (!Number.isNaN(parsed)) return parsed;
  }
  return Number.POSITIVE_INFINITY;
}

/** Client of `/_emulator/*` (same origin as the embed page), authorised with the current embed token. */
export class EmulatorApi {
  constructor(private readonly token: () => string) {}

  getReport(id: string): Promise<ReportDefinition> {
    return this.call('GET', `/_emulator/reports/${encodeURIComponent(id)}`);
  }

  getDashboard(id: string): Promise<DashboardDefinition> {
    return this.call('GET', `/_emulator/dashboards/${encodeURIComponent(id)}`);
  }

  /** A tile's definition and the one visual it pins (tile and dashboard tokens see no more). */
  getTile(dashboardId: string, tileId: string): Promise<TileView> {
    return this.call(
      'GET',
      `/_emulator/dashboards/${encodeURIComponent(dashboardId)}/tiles/${encodeURIComponent(tileId)}`,
    );
  }

  /** The data of a tile's pinned visual, queried by the server. */
  getTileData(dashboardId: string, tileId: string): Promise<QueryResult> {
    return this.call(
      'GET',
      `/_emulator/dashboards/${encodeURIComponent(dashboardId)}/tiles/${encodeURIComponent(tileId)}/data`,
    );
  }

  getSchema(datasetId: string): Promise<DatasetSchema> {
    return this.call('GET', `/_emulator/datasets/${encodeURIComponent(datasetId)}/schema`);
  }

  /**
   * `visual` only labels the request (`&visual=<name>`): the server ignores it, but DevTools' network
   * panel and Resource Timing entries then tell which visual each query belongs to.
   */
  query(request: QueryRequest, reportId?: string, visual?: string): Promise<QueryResult> {
    const params = new URLSearchParams();
    if (reportId) params.set('reportId', reportId);
    if (visual) params.set('visual', visual);
    const search = params.toString();
    return this.call('POST', `/_emulator/query${search ? `?${search}` : ''}`, request);
  }

  /** Persistent filters of this report for the token's user (null when none are saved). */
  getUserState(reportId: string): Promise<{ state: object | null }> {
    return this.call('GET', `/_emulator/reports/${encodeURIComponent(reportId)}/userState`);
  }

  putUserState(reportId: string, state: object): Promise<void> {
    return this.call('PUT', `/_emulator/reports/${encodeURIComponent(reportId)}/userState`, {
      state,
    });
  }

  deleteUserState(reportId: string): Promise<void> {
    return this.call('DELETE', `/_emulator/reports/${encodeURIComponent(reportId)}/userState`);
  }

  createReport(request: SaveReportRequest): Promise<ReportDefinition> {
    return this.call('POST', '/_emulator/reports', request);
  }

  saveReport(definition: ReportDefinition): Promise<ReportDefinition> {
    return this.call('PUT', `/_emulator/reports/${encodeURIComponent(definition.id)}`, definition);
  }

  qna(datasetId: string, question: string): Promise<QnaAnswer> {
    return this.call('POST', '/_emulator/qna', { datasetId, question });
  }

  async verifyToken(token: string): Promise<TokenInfo> {
    const body = await this.call<{ ok?: boolean; expiresAt?: unknown }>(
      'POST',
      '/_emulator/token/verify',
      { token },
      token,
    );
    return { ok: true, expiresAt: toEpochMs(body.expiresAt) };
  }

  private async call<T>(
    method: string,
    url: string,
    body?: unknown,
    token = this.token(),
  ): Promise<T> {
    let response: Response;
    try {
      // Relative to the embed page, so a prefixed mount (`/pbi/reportEmbed`) reaches `/pbi/_emulator`.
      response = await fetch(new URL(url.slice(1), document.baseURI), {
        method,
        headers: {
          authorization: `EmbedToken ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        cache: 'no-store',
      });
    } catch (error) {
      throw new ApiError('NetworkError', 0, `Cannot reach the emulator: ${String(error)}`);
    }
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // A non-JSON body (proxy error page): the status code still tells what happened.
    }
    if (!response.ok) {
      const error = (parsed as Partial<InternalErrorBody> | undefined)?.error;
      throw new ApiError(
        error?.code ?? 'BadRequest',
        response.status,
        error?.message ?? `${method} ${url} failed with ${response.status}`,
      );
    }
    return parsed as T;
  }
}

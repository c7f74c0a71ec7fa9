import { AppError } from '../../errors.ts';
import type { XeroConfig } from '../../config.ts';

export interface XeroTokens {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  scope: string;
}

export interface XeroConnection {
  id: string;
  tenantId: string;
  tenantType: string;
  tenantName: string | null;
  authEventId: string;
}

export interface XeroInvoice {
  InvoiceID: string;
  InvoiceNumber: string;
  Contact: { Name: string };
  Date: string;
  DueDate: string;
  Status: string;
  Total: number;
  AmountDue: number;
  CurrencyCode: string;
}

/** The scopes each source asks for: read-only, plus offline_access for a refresh token. */
export const sourceScopes: Record<string, string> = {
  xero: 'openid profile email offline_access accounting.invoices.read accounting.contacts.read',
  xpm: 'openid profile email offline_access practicemanager',
};

/** Xero's identity service and API over HTTP (the real one, or the emulator's by configuration). */
export class XeroClient {
  constructor(
    readonly config: XeroConfig,
    private readonly timeoutMs = 10_000,
  ) {}

  authorizeUrl(params: { redirectUri: string; scope: string; state: string; challenge: string }) {
    const url = new URL(this.config.authorizeUrl);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: this.config.clientId,
      redirect_uri: params.redirectUri,
      scope: params.scope,
      state: params.state,
      code_challenge: params.challenge,
      code_challenge_method: 'S256',
    }).toString();
    return url.toString();
  }

  exchangeCode(code: string, redirectUri: string, verifier: string): Promise<XeroTokens> {
    return this.token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    });
  }

  refresh(refreshToken: string): Promise<XeroTokens> {
    return this.token({ grant_type: 'refresh_token', refresh_token: refreshToken });
  }

  async revoke(refreshToken: string): Promise<void> {
    const response = await this.send(this.config.revokeUrl, {
      method: 'POST',
      headers: this.clientHeaders(),
      body: new URLSearchParams({ token: refreshToken }).toString(),
    });
    if (!response.ok) throw new AppError('INTEGRATION_PROVIDER_FAILED');
  }

  async connections(accessToken: string, authEventId?: string): Promise<XeroConnection[]> {
    const query = authEventId ? `?authEventId=${encodeURIComponent(authEventId)}` : '';
    return this.api<XeroConnection[]>(`/connections${query}`, accessToken);
  }

  async invoices(accessToken: string, tenantId: string): Promise<XeroInvoice[]> {
    const all: XeroInvoice[] = [];
    // Xero pages Invoices by 100; stop at a short page (and after 50 pages, as a bound).
    for (let page = 1; page <= 50; page += 1) {
      const { Invoices } = await this.api<{ Invoices: XeroInvoice[] }>(
        `/api.xro/2.0/Invoices?page=${page}`,
        accessToken,
        tenantId,
      );
      all.push(...Invoices);
      if (Invoices.length < 100) break;
    }
    return all;
  }

  private async api<T>(path: string, accessToken: string, tenantId?: string): Promise<T> {
    const response = await this.send(`${this.config.apiUrl}${path}`, {
      headers: {
        authorization: `Bearer ${accessToken}`,
        accept: 'application/json',
        ...(tenantId ? { 'xero-tenant-id': tenantId } : {}),
      },
    });
    if (response.status === 401) throw new AppError('INTEGRATION_AUTH_FAILED');
    if (response.status === 429) throw new AppError('INTEGRATION_PROVIDER_THROTTLED');
    if (!response.ok) throw new AppError('INTEGRATION_PROVIDER_FAILED');
    return (await response.json()) as T;
  }

  private clientHeaders() {
    const basic = Buffer.from(
      `${encodeURIComponent(this.config.clientId)}:${encodeURIComponent(this.config.clientSecret)}`,
    ).toString('base64');
    return {
      authorization: `Basic ${basic}`,
      'content-type': 'application/x-www-form-urlencoded',
    };
  }

  private async token(body: Record<string, string>): Promise<XeroTokens> {
    const response = await this.send(this.config.tokenUrl, {
      method: 'POST',
      headers: this.clientHeaders(),
      body: new URLSearchParams(body).toString(),
    });
    if (response.status === 400 || response.status === 401) {
      throw new AppError('INTEGRATION_AUTH_FAILED');
    }
    if (!response.ok) throw new AppError('INTEGRATION_PROVIDER_FAILED');
    const json = (await response.json()) as Record<string, unknown>;
    if (typeof json.access_token !== 'string' || typeof json.refresh_token !== 'string') {
      throw new AppError('INTEGRATION_PROVIDER_FAILED');
    }
    return {
      accessToken: json.access_token,
      refreshToken: json.refresh_token,
      expiresIn: Number(json.expires_in) || 1800,
      scope: typeof json.scope === 'string' ? json.scope : '',
    };
  }

  private async send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(this.timeoutMs) });
    } catch {
      throw new AppError('INTEGRATION_PROVIDER_UNREACHABLE');
    }
  }
}

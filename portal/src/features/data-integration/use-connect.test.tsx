import type { DataSource } from '@canopy/portal-contract';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../shared/api/api-fetch.ts';
import { toast } from '../../shared/ui/toast-store.ts';
import { initiateOauth } from './api/data-integration-api.ts';
import { useConnect } from './components/use-connect.ts';
import { FALLBACK_SOURCES } from './rules/source-rules.ts';
import { setupTestRoot } from '../../shared/testing/setup-test-root.ts';

const view = setupTestRoot();

vi.mock('./api/data-integration-api.ts', () => ({ initiateOauth: vi.fn() }));

const xero = FALLBACK_SOURCES[0]!;
const salesforce: DataSource = {
  ...xero,
  id: 'salesforce',
  name: 'Salesforce',
  authType: 'api_key',
  status: 'coming-soon',
};
const TENANT = '7d3c1f9e-2b4a-4c6d-8e0f-1a2b3c4d5e6f';

let hook: ReturnType<typeof useConnect>;

function mount(tenantId: string | null, needTenant = vi.fn()) {
  function Probe() {
    hook = useConnect(tenantId, needTenant);
    return <p>{hook.pendingId ?? 'idle'}</p>;
  }
  act(() => view.root.render(<Probe />));
  return needTenant;
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(initiateOauth).mockReset();
});

describe('useConnect', () => {
  it('only says "coming soon" for a source that is not OAuth 2.0', async () => {
    const info = vi.spyOn(toast, 'info').mockImplementation(() => undefined);
    mount(TENANT);
    await act(() => hook.connect(salesforce));
    expect(info).toHaveBeenCalledWith('This integration type is coming soon');
    expect(initiateOauth).not.toHaveBeenCalled();
  });

  it('asks for a tenant first when none is chosen (unscoped page)', async () => {
    const needTenant = mount(null);
    await act(() => hook.connect(xero));
    expect(needTenant).toHaveBeenCalledTimes(1);
    expect(initiateOauth).not.toHaveBeenCalled();
  });

  it('starts the flow with the source and tenant, and shows it busy meanwhile', () => {
    // The redirect itself is the browser's; here the answer never comes, so the card stays busy.
    vi.mocked(initiateOauth).mockReturnValue(new Promise(() => {}));
    mount(TENANT);
    act(() => void hook.connect(xero));
    expect(initiateOauth).toHaveBeenCalledWith('xero', TENANT);
    expect(view.container.textContent).toBe('xero');
  });

  it('says "Failed to start authentication flow" when the server refuses', async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => undefined);
    vi.mocked(initiateOauth).mockRejectedValue(new ApiError('Service unavailable', 503));
    mount(TENANT);
    await act(() => hook.connect(xero));
    expect(error).toHaveBeenCalledWith('Failed to start authentication flow');
    expect(view.container.textContent).toBe('idle');
  });
});

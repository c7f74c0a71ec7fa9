import { useQuery } from '@tanstack/react-query';

/** Spec §9: the tenant dashboard's faked loading delay. */
export const FAKE_DELAY_MS = 800;

export interface TenantOverview {
  availableReports: number;
  organizationStatus: string;
  userAccess: string;
}

/**
 * PLACEHOLDER DATA, NOT REAL: the spec (§2 "Tenant dashboard") fixes these figures — 3 reports,
 * "Active Tenant" — produced after a faked 800 ms delay. They are kept as the spec describes them
 * (and shown as such); real figures would come from the reports API of part 2.
 */
export function useTenantOverview() {
  return useQuery({
    queryKey: ['dashboard', 'tenant-overview'],
    queryFn: () =>
      new Promise<TenantOverview>((resolve) =>
        setTimeout(
          () =>
            resolve({
              availableReports: 3,
              organizationStatus: 'Active Tenant',
              userAccess: 'Enabled',
            }),
          FAKE_DELAY_MS,
        ),
      ),
    staleTime: Infinity,
  });
}

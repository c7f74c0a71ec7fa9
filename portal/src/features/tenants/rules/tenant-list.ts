import type { Tenant } from '@canopy/portal-contract';
import { compareText, directed, type ListRules } from '../../../shared/rules/list-view.ts';
import type { SortChoice } from '../../../shared/ui/sort-select.tsx';

export const TENANT_SORT_KEYS = ['name', 'adminEmail', 'status'] as const;
export type TenantSortKey = (typeof TENANT_SORT_KEYS)[number];

/** Tenants are found by name or administrator email; each column sorts by what it shows. */
export const TENANT_LIST_RULES: ListRules<Tenant, TenantSortKey> = {
  searchText: (tenant) => [tenant.name, tenant.adminEmail],
  compare: {
    name: directed((a, b) => compareText(a.name, b.name)),
    adminEmail: directed((a, b) => compareText(a.adminEmail, b.adminEmail)),
    // Active first when ascending, as the badge reads: Active before Inactive.
    status: directed((a, b) => compareText(a.status, b.status)),
  },
};

/** The phone's sort choices (its stacked table shows no headers). */
export const TENANT_SORT_CHOICES: SortChoice<TenantSortKey>[] = [
  { key: 'name', asc: 'Organization A–Z', desc: 'Organization Z–A' },
  { key: 'adminEmail', asc: 'Admin email A–Z', desc: 'Admin email Z–A' },
  { key: 'status', asc: 'Active first', desc: 'Inactive first' },
];

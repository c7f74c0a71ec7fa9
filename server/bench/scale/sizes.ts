/**
 * The data sizes of the scale benchmark. S is an operator's first year with ten customers; M and
 * L are ten and a hundred times S (1,000 organisations, 100,000 people). Every size also holds one
 * large tenant of fixed shape (1,000 people × 200 reports, in groups), so per-tenant screens such
 * as the access matrix are measured on the same tenant while the rest of the data grows.
 */
export interface ScaleSize {
  name: 'S' | 'M' | 'L';
  tenants: number;
  people: number;
  auditEvents: number;
  usageEvents: number;
  /** Reports of each ordinary tenant (the large tenant has LARGE_TENANT.reports). */
  reportsPerTenant: number;
  /** Days of history the audit log and usage events spread over. */
  days: number;
}

const S: ScaleSize = {
  name: 'S',
  tenants: 10,
  people: 1_000,
  auditEvents: 10_000,
  usageEvents: 100_000,
  reportsPerTenant: 20,
  days: 365,
};
const times = (factor: number, name: ScaleSize['name']): ScaleSize => ({
  ...S,
  name,
  tenants: S.tenants * factor,
  people: S.people * factor,
  auditEvents: S.auditEvents * factor,
  usageEvents: S.usageEvents * factor,
});

export const SIZES: Record<ScaleSize['name'], ScaleSize> = {
  S,
  M: times(10, 'M'),
  L: times(100, 'L'),
};

export const LARGE_TENANT = { people: 1_000, reports: 200, groups: 20, membersPerGroup: 100 };

/** `BENCH_SIZES=S,M,L` (default S,M: L seeds 10M usage events and takes a while). */
export function chosenSizes(value = process.env.BENCH_SIZES ?? 'S,M'): ScaleSize[] {
  return value.split(',').map((name) => {
    const size = SIZES[name.trim().toUpperCase() as ScaleSize['name']];
    if (!size) throw new Error(`BENCH_SIZES: unknown size ${name} (S, M or L)`);
    return size;
  });
}

/**
 * Fixed ids of the sample content, so docs, examples and host configuration can name them.
 * They look like cloud GUIDs on purpose: hosts often validate the format.
 */
export const sampleIds = {
  groupId: 'c0ffee00-0000-4000-8000-000000000001',
  datasetId: 'c0ffee00-0000-4000-8000-000000000101',
  salesReportId: 'c0ffee00-0000-4000-8000-000000000201',
  paginatedReportId: 'c0ffee00-0000-4000-8000-000000000202',
  dashboardId: 'c0ffee00-0000-4000-8000-000000000301',
  /** "Sales (RLS)": the same data with row-level security roles (tokens need an identity). */
  securedDatasetId: 'c0ffee00-0000-4000-8000-000000000102',
  /** "Sales Overview (RLS)", over the secured dataset. */
  securedReportId: 'c0ffee00-0000-4000-8000-000000000203',
} as const;

export type SampleIds = { [K in keyof typeof sampleIds]: string };

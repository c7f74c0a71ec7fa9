import { models } from '@canopy/embed-core';

export const REGIONS = ['Americas', 'Europe', 'Asia', 'Oceania', 'Africa'] as const;

/** A basic filter on Sales[Region], or none for "all regions". */
export function regionFilters(region: string): models.ReportLevelFilters[] {
  if (!region) return [];
  const filter: models.IBasicFilter = {
    $schema: 'http://powerbi.com/product/schema#basic',
    target: { table: 'Sales', column: 'Region' },
    operator: 'In',
    values: [region],
    filterType: models.FilterType.Basic,
  };
  return [filter];
}

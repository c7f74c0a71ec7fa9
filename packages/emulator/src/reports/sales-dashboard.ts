import type { DashboardDefinition } from '../contract.ts';

/**
 * The sample dashboard: one tile per visual of the Overview page. Tile ids derive from the dashboard
 * id (first 8 hex digits replaced by "71e0000<n>"), so they are stable and unique per dashboard.
 */
export function salesDashboard(id: string, reportId: string): DashboardDefinition {
  const tile = (
    n: number,
    title: string,
    visualName: string,
    rowSpan: number,
    colSpan: number,
  ) => ({
    id: `71e0000${n}${id.slice(8)}`,
    title,
    reportId,
    pageName: 'ReportSection1',
    visualName,
    rowSpan,
    colSpan,
  });
  return {
    id,
    displayName: 'Sales Dashboard',
    tiles: [
      tile(1, 'Total sales', 'totalAmountCard', 1, 1),
      tile(2, 'Sales by category', 'amountByCategory', 2, 3),
      tile(3, 'Sales by month', 'amountByMonth', 2, 4),
      tile(4, 'Sales by region', 'amountByRegion', 2, 2),
    ],
  };
}

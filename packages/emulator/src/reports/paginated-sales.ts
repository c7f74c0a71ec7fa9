import type { ReportDefinition } from '../contract.ts';
import { regions } from '../data/sample-dimensions.ts';
import { col, measure, visual } from './visual-builders.ts';

/**
 * A paginated (RDL) report: one long table, filtered by a Region parameter, which the frame renders
 * as numbered pages. Its dataset id is internal: the REST API omits datasetId for paginated reports,
 * as the cloud does.
 */
export function paginatedSalesReport(id: string, datasetId: string): ReportDefinition {
  return {
    id,
    name: 'Customer Sales Statement',
    datasetId,
    reportType: 'PaginatedReport',
    parameters: [
      {
        name: 'Region',
        prompt: 'Region',
        default: 'Europe',
        values: [...regions],
        target: col('Region'),
      },
    ],
    pages: [
      {
        name: 'Body',
        displayName: 'Customer Sales Statement',
        visuals: [
          visual('statement', 'Sales by customer and month', 'tableEx', [0, 0, 816, 1056], {
            groupBy: [col('Customer'), col('Country'), col('Month')],
            measures: [
              measure('OrderId', 'count', 'Orders'),
              measure('Quantity'),
              measure('Amount'),
            ],
            orderBy: [
              { ref: col('Customer'), direction: 'asc' },
              { ref: col('Month'), direction: 'asc' },
            ],
          }),
        ],
      },
    ],
  };
}

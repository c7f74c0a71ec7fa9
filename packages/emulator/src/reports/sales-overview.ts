import type { ReportDefinition } from '../contract.ts';
import { col, measure, mobileLayout, visual } from './visual-builders.ts';

/**
 * "Sales Overview": the sample interactive report.
 * Page 1 (4 visuals: card, column, line, donut) is the benchmark page; page 2 holds the table,
 * matrix, slicer and bar chart; page 3 is hidden (a drill-through style detail page). Pages 1 and 2
 * carry a phone layout; page 3 has none, so phones see it fitted to their width.
 */
export function salesOverviewReport(id: string, datasetId: string): ReportDefinition {
  const amount = measure('Amount');
  return {
    id,
    name: 'Sales Overview',
    datasetId,
    reportType: 'PowerBIReport',
    pages: [
      {
        name: 'ReportSection1',
        displayName: 'Overview',
        width: 1280,
        height: 720,
        visuals: [
          visual('totalAmountCard', 'Total sales', 'card', [24, 24, 300, 150], {
            measures: [amount],
          }),
          visual(
            'amountByCategory',
            'Sales by category',
            'clusteredColumnChart',
            [348, 24, 908, 320],
            {
              groupBy: [col('Category')],
              measures: [amount],
              orderBy: [{ ref: amount, direction: 'desc' }],
            },
          ),
          visual('amountByMonth', 'Sales by month', 'lineChart', [24, 368, 800, 328], {
            groupBy: [col('Month')],
            measures: [amount],
            orderBy: [{ ref: col('Month'), direction: 'asc' }],
          }),
          visual('amountByRegion', 'Sales by region', 'donutChart', [848, 368, 408, 328], {
            groupBy: [col('Region')],
            measures: [amount],
            orderBy: [{ ref: amount, direction: 'desc' }],
          }),
        ],
        // The phone layout: one visual per row at the full width, in reading order.
        mobileLayout: mobileLayout([
          ['totalAmountCard', 120],
          ['amountByCategory', 300],
          ['amountByMonth', 280],
          ['amountByRegion', 320],
        ]),
      },
      {
        name: 'ReportSection2',
        displayName: 'Details',
        width: 1280,
        height: 720,
        visuals: [
          visual(
            'regionSlicer',
            'Region',
            'slicer',
            [24, 24, 240, 300],
            {
              groupBy: [col('Region')],
              orderBy: [{ ref: col('Region'), direction: 'asc' }],
            },
            { target: col('Region') },
          ),
          visual('amountByCountry', 'Top countries', 'clusteredBarChart', [288, 24, 968, 300], {
            groupBy: [col('Country')],
            measures: [amount],
            orderBy: [{ ref: amount, direction: 'desc' }],
            limit: 10,
          }),
          visual('customerTable', 'Customers', 'tableEx', [24, 348, 600, 348], {
            groupBy: [col('Customer'), col('Country')],
            measures: [measure('OrderId', 'count', 'Orders'), measure('Quantity'), amount],
            orderBy: [{ ref: amount, direction: 'desc' }],
            limit: 100,
          }),
          visual(
            'regionCategoryMatrix',
            'Sales by region and category',
            'pivotTable',
            [648, 348, 608, 348],
            {
              groupBy: [col('Region')],
              columns: [col('Category')],
              measures: [amount],
              orderBy: [{ ref: col('Region'), direction: 'asc' }],
            },
          ),
        ],
        mobileLayout: mobileLayout([
          ['regionSlicer', 200],
          ['amountByCountry', 380],
          ['customerTable', 420],
          ['regionCategoryMatrix', 300],
        ]),
      },
      {
        name: 'ReportSection3',
        displayName: 'Product detail',
        visibility: 1,
        width: 1280,
        height: 720,
        visuals: [
          visual('productTable', 'Products', 'tableEx', [24, 24, 1232, 672], {
            groupBy: [col('Category'), col('Product')],
            measures: [measure('Quantity'), amount, measure('Profit')],
            orderBy: [{ ref: amount, direction: 'desc' }],
          }),
        ],
      },
    ],
    bookmarks: [
      {
        name: 'Bookmark1',
        displayName: 'Europe only',
        pageName: 'ReportSection1',
        filters: [
          {
            $schema: 'http://powerbi.com/product/schema#basic',
            target: col('Region'),
            filterType: 1,
            operator: 'In',
            values: ['Europe'],
            requireSingleSelection: false,
          },
        ],
      },
      {
        name: 'Bookmark2',
        displayName: 'Bikes, last 12 months',
        pageName: 'ReportSection1',
        filters: [
          {
            $schema: 'http://powerbi.com/product/schema#basic',
            target: col('Category'),
            filterType: 1,
            operator: 'In',
            values: ['Bikes'],
            requireSingleSelection: false,
          },
          {
            $schema: 'http://powerbi.com/product/schema#relativeDate',
            target: col('OrderDate'),
            filterType: 4,
            operator: 0,
            timeUnitsCount: 12,
            timeUnitType: 4,
            includeToday: true,
          },
        ],
      },
    ],
  };
}

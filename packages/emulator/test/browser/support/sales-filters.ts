/** The sample model's fact table, which the report tests filter and query. */
export const SALES = 'Sales';

/** A column of the Sales table as a filter target or query reference. */
export const col = (column: string) => ({ table: SALES, column });

/** A basic filter on a Sales column, in the wire shape the host library posts. */
export const basic = (column: string, values: (string | number)[], operator = 'In') => ({
  $schema: 'http://powerbi.com/product/schema#basic',
  target: col(column),
  filterType: 1,
  operator,
  values,
});

/**
 * What one query may ask for and return. Result caps are the service's documented ExecuteQueries
 * limits; shape caps are the emulator's own, chosen far above any real visual (a visual binds a
 * handful of fields) and low enough that no single request can plan or run for seconds or grow the
 * process by hundreds of megabytes. docs/emulator.md lists them with their errors.
 */
export const queryLimits = {
  /** The service: at most 100,000 rows per query result… */
  maxRows: 100_000,
  /** …or 1,000,000 values (rows × columns), whichever is hit first. */
  maxValues: 1_000_000,
  /** The service: at most 15 MB of data per query; the row being written completes, no more follow. */
  maxResponseBytes: 15 * 1024 * 1024,
  /** Group-by columns, columns and measures of one query together. */
  maxFields: 100,
  /** Order-by entries of one query. */
  maxOrderBy: 100,
  /** Values of one basic (In / NotIn) filter. */
  maxFilterValues: 10_000,
} as const;

/**
 * The row cap of a query returning `columnCount` columns: the mode's own cap (30,000 summarized rows
 * for visuals, the export caps) within the service's row and value caps.
 */
export function rowCapFor(columnCount: number, modeCap: number): number {
  const byValues = Math.floor(queryLimits.maxValues / Math.max(1, columnCount));
  return Math.max(1, Math.min(modeCap, queryLimits.maxRows, byValues));
}

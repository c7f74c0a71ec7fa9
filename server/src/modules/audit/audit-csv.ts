/**
 * One CSV record (RFC 4180): a cell holding a comma, a quote or a line break is quoted, quotes
 * doubled; records end in CRLF. A cell starting with `=`, `+`, `-`, `@` (or a tab or carriage
 * return) gets a leading `'`, so a spreadsheet shows it as text instead of running it as a formula:
 * emails, targets and details come from what people typed.
 */
export function csvRecord(cells: readonly (string | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

function csvCell(value: string | null | undefined): string {
  let cell = value ?? '';
  if (/^[=+\-@\t\r]/.test(cell)) cell = `'${cell}`;
  return /[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
}

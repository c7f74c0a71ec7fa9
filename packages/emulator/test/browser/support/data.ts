import type { QueryRequest, QueryResult } from '../../../src/index.ts';

/** Parses the CSV exportData returns (header row first; no embedded newlines in sample data). */
export function parseCsv(csv: string): string[][] {
  return csv
    .trim()
    .split(/\r\n/)
    .map((line) => {
      const cells: string[] = [];
      let cell = '';
      let quoted = false;
      for (let i = 0; i < line.length; i++) {
        const char = line[i];
        if (quoted) {
          if (char === '"' && line[i + 1] === '"') {
            cell += '"';
            i++;
          } else if (char === '"') quoted = false;
          else cell += char;
        } else if (char === '"') quoted = true;
        else if (char === ',') {
          cells.push(cell);
          cell = '';
        } else cell += char;
      }
      cells.push(cell);
      return cells;
    });
}

/**
 * Asks the emulator's query endpoint directly from Node (real HTTP): the independent expectation the
 * frame's filtered visuals are compared against.
 */
export async function queryDirect(
  baseUrl: string,
  token: string,
  request: QueryRequest,
): Promise<QueryResult> {
  const response = await fetch(`${baseUrl}/_emulator/query`, {
    method: 'POST',
    headers: { authorization: `EmbedToken ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(request),
  });
  if (!response.ok) throw new Error(`query failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as QueryResult;
}

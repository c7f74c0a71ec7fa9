import type { ColumnRef } from '../contract.ts';
import type { SemanticModel } from '../data/semantic-model.ts';
import { findColumn } from '../data/semantic-model.ts';
import { badRequest } from '../errors.ts';

/**
 * `reportLevelFilters[].filter` of an export request: the service takes the URL filter syntax
 * (`Sales/Region eq 'Europe'`, `Sales/Region in ('Europe','Asia')`, `Sales/Quantity ne 3`, clauses
 * joined with `and`), and `_x0020_` stands for a space in a table or column name. Each clause becomes
 * a basic filter the query engine applies; anything else is a 400 before a job exists.
 */
export function parseExportFilter(text: string, model: SemanticModel): object[] {
  return splitAnd(text).map((clause) => parseClause(clause, model));
}

const basicSchema = 'http://powerbi.com/product/schema#basic';

function parseClause(clause: string, model: SemanticModel): object {
  const match = /^\s*([^\s/]+)\/(\S+)\s+(eq|ne|in)\s+(.+?)\s*$/i.exec(clause);
  if (!match) throw invalid(clause);
  const [, rawTable = '', rawColumn = '', rawOperator = '', rawValues = ''] = match;
  const target: ColumnRef = { table: unescapeName(rawTable), column: unescapeName(rawColumn) };
  if (!findColumn(model, target.table, target.column)) {
    throw badRequest(
      `reportLevelFilters names ${target.table}/${target.column}, which the dataset does not have`,
      'reportLevelFilters',
    );
  }
  const operator = rawOperator.toLowerCase();
  const values =
    operator === 'in' ? parseList(rawValues, clause) : [parseValue(rawValues.trim(), clause)];
  return {
    $schema: basicSchema,
    target,
    filterType: 1,
    operator: operator === 'ne' ? 'NotIn' : 'In',
    values,
  };
}

const invalid = (clause: string) =>
  badRequest(
    `reportLevelFilters: cannot read "${clause.trim()}"; use Table/Column eq 'value', ne or in ('a','b')`,
    'reportLevelFilters',
  );

/** `_x0020_` → space, as in the service's URL filters. */
const unescapeName = (name: string) =>
  name.replace(/_x([0-9a-fA-F]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** Splits on ` and ` outside quoted strings. */
function splitAnd(text: string): string[] {
  const parts: string[] = [];
  let quoted = false;
  let start = 0;
  for (let index = 0; index < text.length; index += 1) {
    if (text[index] === "'") quoted = !quoted;
    else if (!quoted && /^\sand\s/i.test(text.slice(index, index + 5))) {
      parts.push(text.slice(start, index));
      start = index + 5;
      index += 4;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

function parseValue(raw: string, clause: string): string | number {
  const quoted = /^'((?:[^']|'')*)'$/.exec(raw);
  if (quoted) return (quoted[1] ?? '').replaceAll("''", "'");
  if (/^-?\d+(\.\d+)?$/.test(raw)) return Number(raw);
  throw invalid(clause);
}

function parseList(raw: string, clause: string): (string | number)[] {
  const inner = /^\((.*)\)$/.exec(raw.trim())?.[1];
  if (inner === undefined) throw invalid(clause);
  const items = inner.match(/'(?:[^']|'')*'|[^,\s][^,]*/g) ?? [];
  if (items.length === 0) throw invalid(clause);
  return items.map((item) => parseValue(item.trim(), clause));
}

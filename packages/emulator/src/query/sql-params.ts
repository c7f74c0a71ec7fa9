import type { SqlValue } from '../data/database.ts';

/** Collects bound parameters: every value in generated SQL goes through `add`, never into the text. */
export class SqlParams {
  readonly values: SqlValue[] = [];

  add(value: SqlValue): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** Quotes an identifier. Only called with names already checked against the semantic model. */
export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

import type { JsonSchema } from '../validation/json-schema.ts';

/** The query of an OData list the service pages and filters (`/groups`, `/profiles`). */
export interface ListQuery {
  $filter?: string;
  $top?: number;
  $skip?: number;
}

export const listQuerySchema: JsonSchema = {
  type: 'object',
  properties: {
    $filter: { type: 'string' },
    $top: { type: 'integer', minimum: 1, maximum: 5000 },
    $skip: { type: 'integer', minimum: 0 },
  },
};

/** One page of `all`: the first `$skip` items left out, then at most `$top` of the rest. */
export function pageOf<T>(all: T[], query: ListQuery): T[] {
  const skip = query.$skip ?? 0;
  return all.slice(skip, query.$top === undefined ? undefined : skip + query.$top);
}

/** The text of an OData string literal (`'…'`, with `''` standing for one quote). */
export const odataText = (quoted: string): string => quoted.replaceAll("''", "'");

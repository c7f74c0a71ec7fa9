import * as models from 'powerbi-models';
import type { ColumnRef, DatasetSchema } from '../../contract.ts';
import { assertValid, badRequest, FrameErrorCode } from '../frame-errors.ts';

export type Filter = models.IFilter;

/**
 * Filters arrive as structured clones of the library's filter classes, which carry `schemaUrl`
 * instead of `$schema`; the service answers with `$schema`, so the frame stores that form.
 */
export function normalizeFilter(raw: unknown): Filter {
  const copy = JSON.parse(JSON.stringify(raw)) as Record<string, unknown>;
  if (typeof copy.schemaUrl === 'string') {
    copy.$schema ??= copy.schemaUrl;
    delete copy.schemaUrl;
  }
  return copy as unknown as Filter;
}

/** The column a filter narrows, when it has one simple target. */
export function columnOf(filter: Filter): ColumnRef | undefined {
  const target = filter.target as unknown as Record<string, unknown> | undefined;
  if (target && typeof target.table === 'string' && typeof target.column === 'string') {
    return { table: target.table, column: target.column };
  }
  return undefined;
}

function schemaHas(schema: DatasetSchema, target: Record<string, unknown>): boolean {
  const table = schema.tables.find((t) => t.name === target.table);
  if (!table) return false;
  if (typeof target.column === 'string') return table.columns.some((c) => c.name === target.column);
  if (typeof target.measure === 'string') {
    return (table.measures ?? []).some((m) => m.name === target.measure);
  }
  return false;
}

/**
 * Validates filters the way the service does (powerbi-models' validator), then checks that each
 * target names a column or measure of the dataset: an unknown target is a 400, not a silent no-op.
 */
export function validateFilters(raw: unknown, schema: DatasetSchema | undefined): Filter[] {
  if (!Array.isArray(raw))
    throw badRequest('filters must be an array', FrameErrorCode.InvalidParameters);
  const filters = raw.map((filter: unknown, index) => {
    if (typeof filter !== 'object' || filter === null || Array.isArray(filter))
      throw badRequest(
        `filters[${index}] must be a filter object`,
        FrameErrorCode.InvalidParameters,
      );
    return normalizeFilter(filter);
  });
  for (const filter of filters) {
    assertValid(models.validateFilter(filter));
    const type = models.getFilterType(filter);
    if (
      ![
        models.FilterType.Basic,
        models.FilterType.Advanced,
        models.FilterType.TopN,
        models.FilterType.RelativeDate,
        models.FilterType.RelativeTime,
      ].includes(type)
    ) {
      throw badRequest(
        `Filter type ${models.FilterType[type] ?? String(type)} is not supported by the emulator (basic, advanced, Top N, relative date and relative time are).`,
        FrameErrorCode.NotSupported,
      );
    }
    const target = filter.target as unknown as Record<string, unknown>;
    if (schema && !schemaHas(schema, target)) {
      throw badRequest(
        `Filter target ${JSON.stringify(filter.target)} is not a column or measure of the dataset.`,
        FrameErrorCode.InvalidParameters,
      );
    }
    if (type === models.FilterType.TopN) {
      const orderBy = (filter as models.ITopNFilter).orderBy as unknown as Record<string, unknown>;
      if (schema && orderBy && !schemaHas(schema, orderBy)) {
        throw badRequest(
          `Top N orderBy ${JSON.stringify(orderBy)} is not a column or measure of the dataset.`,
          FrameErrorCode.InvalidParameters,
        );
      }
    }
  }
  return filters;
}

/** Applies an `updateFilters` operation to the current list. */
export function applyFiltersOperation(
  current: Filter[],
  operation: models.FiltersOperations,
  incoming: Filter[],
): Filter[] {
  const sameTarget = (a: Filter, b: Filter) =>
    JSON.stringify(a.target) === JSON.stringify(b.target);
  switch (operation) {
    case models.FiltersOperations.RemoveAll:
      return [];
    case models.FiltersOperations.ReplaceAll:
      return incoming;
    case models.FiltersOperations.Add:
      return [...current, ...incoming];
    case models.FiltersOperations.Replace:
      return [...current.filter((f) => !incoming.some((n) => sameTarget(f, n))), ...incoming];
    default:
      throw badRequest(
        `Unknown filtersOperation ${String(operation)}`,
        FrameErrorCode.InvalidParameters,
      );
  }
}

/** Reads an `updateFilters` body `{filtersOperation, filters}` and validates it. */
export function readUpdateFilters(
  body: unknown,
  schema: DatasetSchema | undefined,
): { operation: models.FiltersOperations; filters: Filter[] } {
  if (typeof body !== 'object' || body === null) {
    throw badRequest(
      'The body must be {filtersOperation, filters}',
      FrameErrorCode.InvalidParameters,
    );
  }
  const request = body as { filtersOperation?: unknown; filters?: unknown };
  assertValid(models.validateUpdateFiltersRequest(request));
  const operation = request.filtersOperation as models.FiltersOperations;
  if (operation === models.FiltersOperations.RemoveAll) return { operation, filters: [] };
  return { operation, filters: validateFilters(request.filters ?? [], schema) };
}

export function basicInFilter(column: ColumnRef, values: (string | number)[]): models.IBasicFilter {
  return {
    $schema: 'http://powerbi.com/product/schema#basic',
    target: { table: column.table, column: column.column },
    filterType: models.FilterType.Basic,
    operator: 'In',
    values,
    requireSingleSelection: false,
  };
}

/** A short human description for the filter pane ("Region is West, East"). */
export function describeFilter(filter: Filter): string {
  const column = columnOf(filter);
  const target = filter.target as unknown as Record<string, unknown>;
  const name = column ? column.column : typeof target?.measure === 'string' ? target.measure : '?';
  const f = filter as unknown as Record<string, unknown>;
  switch (filter.filterType) {
    case models.FilterType.Basic: {
      const values = (f.values as unknown[]).map(String).join(', ');
      if (f.operator === 'All') return `${name} is (All)`;
      return `${name} ${f.operator === 'NotIn' ? 'is not' : 'is'} ${values}`;
    }
    case models.FilterType.Advanced: {
      const conditions =
        (f.conditions as { operator: string; value?: string | number | boolean }[] | undefined) ??
        [];
      return `${name}: ${conditions.map((c) => `${c.operator} ${c.value === undefined ? '' : String(c.value)}`.trim()).join(` ${String(f.logicalOperator)} `)}`;
    }
    case models.FilterType.TopN:
      return `${name}: ${String(f.operator)} ${String(f.itemCount)}`;
    case models.FilterType.RelativeDate:
    case models.FilterType.RelativeTime:
      return `${name}: ${['in last', 'in this', 'in next'][Number(f.operator)] ?? '?'} ${String(f.timeUnitsCount)} ${String(models.RelativeDateFilterTimeUnit[Number(f.timeUnitType)] ?? '')}`;
    default:
      return name;
  }
}

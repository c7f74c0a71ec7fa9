import type { DatasetSchema, QueryColumnType } from '../contract.ts';
import { enumTypes, salesTable } from './generate-sales.ts';

/** A column of the semantic model: its cloud data type name and how the query engine binds values. */
export interface ModelColumn {
  name: string;
  /** The cloud dataset column type ("String", "Int64", "Decimal", "DateTime"). */
  dataType: 'String' | 'Int64' | 'Decimal' | 'DateTime';
  kind: QueryColumnType;
  /** Dates only: whether the column holds a time of day too (relative time filters need one). */
  hasTime?: boolean;
  /** Text columns stored as a DuckDB ENUM: the named type filter values are cast to. */
  enumType?: string;
  /** Words Q&A accepts for this column besides its name. */
  synonyms?: string[];
}

/** A named measure (usable as a Top N order-by target and in Q&A). SQL is trusted model text. */
export interface ModelMeasure {
  name: string;
  expression: string;
  sql: string;
}

/**
 * An RLS role: rows visible to an identity are those where `column` equals its username (USERNAME())
 * or, with `matches: 'customData'`, its customData (CUSTOMDATA()).
 */
export interface ModelRole {
  name: string;
  column: string;
  description: string;
  matches?: 'username' | 'customData';
}

export interface ModelTable {
  name: string;
  columns: ModelColumn[];
  measures: ModelMeasure[];
}

export interface SemanticModel {
  tables: ModelTable[];
  roles: ModelRole[];
}

/** The model over the generated Sales table (one flat fact table, like an imported flat file). */
export const salesModel: SemanticModel = {
  tables: [
    {
      name: salesTable,
      columns: [
        { name: 'OrderId', dataType: 'Int64', kind: 'number', synonyms: ['order id'] },
        {
          name: 'OrderDate',
          dataType: 'DateTime',
          kind: 'date',
          synonyms: ['date', 'day', 'order date'],
        },
        {
          name: 'OrderTimestamp',
          dataType: 'DateTime',
          kind: 'date',
          hasTime: true,
          synonyms: ['time', 'timestamp'],
        },
        { name: 'Year', dataType: 'Int64', kind: 'number', synonyms: ['years'] },
        {
          name: 'Quarter',
          dataType: 'String',
          kind: 'string',
          enumType: enumTypes.Quarter,
          synonyms: ['quarters'],
        },
        {
          name: 'Month',
          dataType: 'String',
          kind: 'string',
          enumType: enumTypes.Month,
          synonyms: ['months'],
        },
        {
          name: 'Region',
          dataType: 'String',
          kind: 'string',
          enumType: enumTypes.Region,
          synonyms: ['regions'],
        },
        {
          name: 'Country',
          dataType: 'String',
          kind: 'string',
          enumType: enumTypes.Country,
          synonyms: ['countries'],
        },
        {
          name: 'Customer',
          dataType: 'String',
          kind: 'string',
          enumType: enumTypes.Customer,
          synonyms: ['customers', 'client', 'clients'],
        },
        {
          name: 'Segment',
          dataType: 'String',
          kind: 'string',
          enumType: enumTypes.Segment,
          synonyms: ['segments'],
        },
        {
          name: 'Channel',
          dataType: 'String',
          kind: 'string',
          enumType: enumTypes.Channel,
          synonyms: ['channels'],
        },
        {
          name: 'Category',
          dataType: 'String',
          kind: 'string',
          enumType: enumTypes.Category,
          synonyms: ['categories'],
        },
        {
          name: 'Product',
          dataType: 'String',
          kind: 'string',
          enumType: enumTypes.Product,
          synonyms: ['products'],
        },
        {
          name: 'Quantity',
          dataType: 'Int64',
          kind: 'number',
          synonyms: ['units', 'quantities', 'qty'],
        },
        {
          name: 'UnitPrice',
          dataType: 'Decimal',
          kind: 'number',
          synonyms: ['unit price', 'price'],
        },
        {
          name: 'Amount',
          dataType: 'Decimal',
          kind: 'number',
          synonyms: ['sales', 'revenue', 'amounts'],
        },
        { name: 'Cost', dataType: 'Decimal', kind: 'number', synonyms: ['costs'] },
        { name: 'Profit', dataType: 'Decimal', kind: 'number', synonyms: ['profits', 'margin'] },
      ],
      measures: [
        { name: 'Total Amount', expression: 'SUM(Sales[Amount])', sql: 'SUM("Amount")' },
        { name: 'Total Quantity', expression: 'SUM(Sales[Quantity])', sql: 'SUM("Quantity")' },
        { name: 'Total Profit', expression: 'SUM(Sales[Profit])', sql: 'SUM("Profit")' },
        { name: 'Order Count', expression: 'COUNTROWS(Sales)', sql: 'COUNT(*)' },
        { name: 'Average Amount', expression: 'AVERAGE(Sales[Amount])', sql: 'AVG("Amount")' },
      ],
    },
  ],
  roles: [
    {
      name: 'RegionManager',
      column: 'Region',
      description: 'Sees the rows of the region named by the username',
    },
    {
      name: 'CountryManager',
      column: 'Country',
      description: 'Sees the rows of the country named by the username',
    },
    {
      name: 'CustomerViewer',
      column: 'Customer',
      description: 'Sees the rows of the customer named by the username',
    },
    {
      name: 'CustomerByCustomData',
      column: 'Customer',
      matches: 'customData',
      description: 'Sees the rows of the customer named by the customData',
    },
  ],
};

/** The same model without RLS roles: the open sample dataset (no effective identity needed). */
export const openSalesModel: SemanticModel = { ...salesModel, roles: [] };

export function findTable(model: SemanticModel, name: string): ModelTable | undefined {
  return model.tables.find((table) => table.name === name);
}

export function findColumn(
  model: SemanticModel,
  table: string,
  column: string,
): ModelColumn | undefined {
  return findTable(model, table)?.columns.find((candidate) => candidate.name === column);
}

/** The schema shape the frame reads from GET /_emulator/datasets/:id/schema. */
export function describeModel(model: SemanticModel): DatasetSchema {
  return {
    tables: model.tables.map((table) => ({
      name: table.name,
      columns: table.columns.map(({ name, dataType }) => ({ name, dataType })),
      measures: table.measures.map(({ name, expression }) => ({ name, expression })),
    })),
  };
}

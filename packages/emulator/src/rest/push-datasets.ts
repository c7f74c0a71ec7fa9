import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EmulatorContext } from '../context.ts';
import type { ModelColumn, SemanticModel } from '../data/semantic-model.ts';
import { badRequest, notFound } from '../errors.ts';
import { workspaceRole } from '../policy/route-guard.ts';
import { defineRoute } from '../routing/define-route.ts';
import type { DatasetRecord } from '../state/records.ts';
import type { Registry } from '../state/registry.ts';
import type { JsonSchema } from '../validation/json-schema.ts';
import { restScope } from './scope.ts';
import { odataContext } from './urls.ts';

/** The service's push-dataset bounds: rows per POST, tables and columns per dataset. */
const maxRowsPerPost = 10_000;
const maxTables = 75;
const maxColumns = 75;
/** basicFIFO keeps the newest rows of a table; the emulator keeps this many. */
const fifoRows = 200_000;

const pushTypes = ['Int64', 'Double', 'Boolean', 'DateTime', 'String', 'Decimal'] as const;
type PushType = (typeof pushTypes)[number];

interface PushDefinition {
  name: string;
  defaultMode?: 'Push' | 'Streaming' | 'PushStreaming';
  tables: { name: string; columns: { name: string; dataType: PushType }[] }[];
}

const nameSchema: JsonSchema = { type: 'string', minLength: 1, maxLength: 100 };
const definitionSchema: JsonSchema = {
  type: 'object',
  required: ['name', 'tables'],
  properties: {
    name: nameSchema,
    defaultMode: { type: 'string', enum: ['Push', 'Streaming', 'PushStreaming'] },
    tables: {
      type: 'array',
      minItems: 1,
      maxItems: maxTables,
      items: {
        type: 'object',
        required: ['name', 'columns'],
        properties: {
          name: nameSchema,
          columns: {
            type: 'array',
            minItems: 1,
            maxItems: maxColumns,
            items: {
              type: 'object',
              required: ['name', 'dataType'],
              properties: { name: nameSchema, dataType: { type: 'string', enum: pushTypes } },
            },
          },
        },
      },
    },
  },
};
const rowsSchema: JsonSchema = {
  type: 'object',
  required: ['rows'],
  properties: { rows: { type: 'array', maxItems: maxRowsPerPost, items: { type: 'object' } } },
};

/**
 * A push dataset's definition and rows live on its catalogue record, so they are saved with the
 * catalogue (state/persistence.ts) and survive a restart when the emulator has a `dataDir`.
 */
interface PushDatasetRecord extends DatasetRecord {
  push?: { definition: PushDefinition; rows: Record<string, Record<string, unknown>[]> };
}

/** Whether the dataset was made through the push API (it has tables, rows and no data source). */
export const isPushDataset = (record: DatasetRecord): boolean =>
  (record as PushDatasetRecord).push !== undefined;

/** The rows a push dataset's table holds (for tests and the test kit). */
export function pushedRows(
  registry: Registry,
  datasetId: string,
  table: string,
): Record<string, unknown>[] {
  const record: PushDatasetRecord | undefined = registry.datasets.get(datasetId);
  return record?.push?.rows[table] ?? [];
}

const modelColumn = (name: string, dataType: PushType): ModelColumn => {
  if (dataType === 'DateTime') return { name, dataType: 'DateTime', kind: 'date' };
  if (dataType === 'Int64') return { name, dataType: 'Int64', kind: 'number' };
  if (dataType === 'Double' || dataType === 'Decimal') {
    return { name, dataType: 'Decimal', kind: 'number' };
  }
  return { name, dataType: 'String', kind: 'string' };
};

/** A value of the column's type, or undefined when the row's value does not fit it. */
function coerce(value: unknown, dataType: PushType): unknown {
  if (value === null || value === undefined) return null;
  switch (dataType) {
    case 'Int64':
      return Number.isSafeInteger(value) ? value : undefined;
    case 'Double':
    case 'Decimal':
      return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
    case 'Boolean':
      return typeof value === 'boolean' ? value : undefined;
    case 'DateTime':
      return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? value : undefined;
    default:
      return typeof value === 'string' ? value.slice(0, 4000) : undefined;
  }
}

/**
 * Push datasets: a dataset defined by its tables (POST /groups/{id}/datasets), rows added to a table
 * (POST …/tables/{table}/rows, at most 10,000 per call) or all deleted (DELETE …/rows). Rows are
 * checked against the column types, as the service does, and kept in memory.
 */
export function pushDatasetRoutes(
  app: FastifyInstance,
  context: EmulatorContext,
  prefix: string,
): void {
  // Without a groupId (the My-workspace form) any workspace the guard let the caller reach.
  const pushDataset = (groupId: string | undefined, datasetId: string) => {
    const record: PushDatasetRecord | undefined = context.registry.datasets.get(datasetId);
    if (!record?.push || (groupId !== undefined && record.groupId !== groupId))
      throw notFound(`Push dataset ${datasetId}`);
    return { record, definition: record.push.definition, rows: record.push.rows };
  };

  defineRoute<{ Params: { groupId: string }; Body: PushDefinition }>(app, {
    method: 'POST',
    url: '/groups/:groupId/datasets',
    guard: workspaceRole('createContent'),
    body: definitionSchema,
    querystring: {
      type: 'object',
      properties: { defaultRetentionPolicy: { type: 'string', enum: ['None', 'basicFIFO'] } },
    },
    handler: (request, reply) => {
      const scope = restScope(context, request, prefix);
      scope.workspace(request.params.groupId);
      const body = request.body;
      const names = new Set(body.tables.map((table) => table.name));
      if (names.size !== body.tables.length)
        throw badRequest('Table names must be unique', 'tables');
      const model: SemanticModel = {
        tables: body.tables.map((table) => ({
          name: table.name,
          columns: table.columns.map((column) => modelColumn(column.name, column.dataType)),
          measures: [],
        })),
        roles: [],
      };
      const pushRecord: PushDatasetRecord = {
        id: randomUUID(),
        name: body.name,
        groupId: request.params.groupId,
        configuredBy: scope.claims.sub,
        createdDate: new Date(context.config.now()).toISOString(),
        model,
        refreshes: [],
        push: {
          definition: body,
          rows: Object.fromEntries(body.tables.map((table) => [table.name, []])),
        },
      };
      const record = context.registry.addDataset(pushRecord);
      return reply.code(201).send({
        '@odata.context': odataContext(scope.base, 'datasets/$entity'),
        id: record.id,
        name: record.name,
        defaultRetentionPolicy: 'basicFIFO',
      });
    },
  });

  // Get Tables answers push datasets only; for any other dataset the service answers 404.
  const tables = (request: FastifyRequest<{ Params: { groupId?: string; datasetId: string } }>) => {
    const scope = restScope(context, request, prefix);
    const { definition } = pushDataset(request.params.groupId, request.params.datasetId);
    return {
      '@odata.context': odataContext(scope.base, 'tables'),
      // The published API's Table has `name` and `columns` as required fields.
      value: definition.tables.map((table) => ({
        name: table.name,
        columns: table.columns.map((column) => ({ name: column.name, dataType: column.dataType })),
      })),
    };
  };
  defineRoute(app, {
    method: 'GET',
    url: '/groups/:groupId/datasets/:datasetId/tables',
    guard: workspaceRole('read'),
    handler: tables,
  });
  defineRoute(app, {
    method: 'GET',
    url: '/datasets/:datasetId/tables',
    guard: workspaceRole('read', 'dataset'),
    handler: tables,
  });

  type RowParams = { groupId: string; datasetId: string; tableName: string };
  const tableOf = (params: RowParams) => {
    const { definition, rows } = pushDataset(params.groupId, params.datasetId);
    const table = definition.tables.find((candidate) => candidate.name === params.tableName);
    if (!table) throw notFound(`Table ${params.tableName}`);
    return { rows, table };
  };

  defineRoute<{ Params: RowParams; Body: { rows: Record<string, unknown>[] } }>(app, {
    method: 'POST',
    url: '/groups/:groupId/datasets/:datasetId/tables/:tableName/rows',
    guard: workspaceRole('editContent'),
    body: rowsSchema,
    handler: (request, reply) => {
      restScope(context, request, prefix);
      const { rows: tables, table } = tableOf(request.params);
      const rows = request.body.rows.map((row, index) =>
        Object.fromEntries(
          table.columns.map((column) => {
            const value = coerce(row[column.name], column.dataType);
            if (value === undefined) {
              throw badRequest(
                `rows[${index}].${column.name} is not a ${column.dataType}`,
                `rows[${index}].${column.name}`,
              );
            }
            return [column.name, value];
          }),
        ),
      );
      const stored = (tables[table.name] ??= []);
      stored.push(...rows);
      if (stored.length > fifoRows) stored.splice(0, stored.length - fifoRows);
      return reply.code(200).send({});
    },
  });

  defineRoute<{ Params: RowParams }>(app, {
    method: 'DELETE',
    url: '/groups/:groupId/datasets/:datasetId/tables/:tableName/rows',
    guard: workspaceRole('editContent'),
    handler: (request, reply) => {
      restScope(context, request, prefix);
      const { rows, table } = tableOf(request.params);
      rows[table.name] = [];
      return reply.code(200).send({});
    },
  });
}

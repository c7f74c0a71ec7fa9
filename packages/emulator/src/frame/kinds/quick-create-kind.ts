import * as models from 'powerbi-models';
import type { QueryResult, VisualDefinition } from '../../contract.ts';
import { badRequest, FrameErrorCode } from '../frame-errors.ts';
import type { RouteTable } from '../protocol/route-table.ts';
import type { FrameTransport } from '../protocol/transport.ts';
import { h } from '../render/dom.ts';
import { paletteOf } from '../render/palette.ts';
import { EmbedSession } from './embed-session.ts';
import { registerLoadRoute, registerTokenRoutes } from './session-routes.ts';
import { drawSingleVisual, mountSingleVisual } from './single-visual.ts';

const NUMERIC_TYPES = new Set([
  'int64',
  'double',
  'decimal',
  'number',
  'currency',
  'int',
  'integer',
]);

interface AutoVisual {
  visual: VisualDefinition;
  result: QueryResult;
}

/**
 * Quick create builds a summary report from the data in `datasetCreateConfig` itself (no stored
 * dataset): a total card, the first numeric column by the first text column, and the rows.
 */
function summarize(config: models.IDatasetCreateConfiguration): AutoVisual[] {
  const schema = config.tableSchemaList?.[0];
  const table = config.data?.find((d) => d.name === schema?.name) ?? config.data?.[0];
  if (!schema || !table)
    throw badRequest(
      'datasetCreateConfig needs a table schema and its data',
      FrameErrorCode.InvalidParameters,
    );
  const columns = schema.columns;
  const numeric = columns.findIndex((c) => NUMERIC_TYPES.has(String(c.dataType).toLowerCase()));
  const text = columns.findIndex(
    (c, i) => i !== numeric && !NUMERIC_TYPES.has(String(c.dataType).toLowerCase()),
  );
  const rows = table.rows.map((row) => row.map((cell, i) => (i === numeric ? Number(cell) : cell)));
  const layout = (x: number, y: number, width: number, height: number) => ({
    x,
    y,
    z: 0,
    width,
    height,
  });
  const visuals: AutoVisual[] = [];
  const valueColumn = columns[numeric];
  if (valueColumn) {
    const total = rows.reduce((sum, row) => sum + (Number(row[numeric]) || 0), 0);
    visuals.push({
      visual: {
        name: 'quickCard',
        title: `Total ${valueColumn.name}`,
        type: 'card',
        layout: layout(0, 0, 1, 1),
        query: { measures: [{ table: schema.name, column: valueColumn.name, aggregation: 'sum' }] },
      },
      result: {
        columns: [{ name: `Sum of ${valueColumn.name}`, type: 'number' }],
        rows: [[total]],
      },
    });
  }
  const categoryColumn = columns[text];
  if (valueColumn && categoryColumn) {
    const sums = new Map<string, number>();
    for (const row of rows)
      sums.set(String(row[text]), (sums.get(String(row[text])) ?? 0) + (Number(row[numeric]) || 0));
    visuals.push({
      visual: {
        name: 'quickColumns',
        title: `${valueColumn.name} by ${categoryColumn.name}`,
        type: 'clusteredColumnChart',
        layout: layout(0, 0, 1, 1),
        query: {
          groupBy: [{ table: schema.name, column: categoryColumn.name }],
          measures: [{ table: schema.name, column: valueColumn.name, aggregation: 'sum' }],
        },
      },
      result: {
        columns: [
          { name: categoryColumn.name, type: 'string' },
          { name: `Sum of ${valueColumn.name}`, type: 'number' },
        ],
        rows: [...sums.entries()].sort((a, b) => b[1] - a[1]),
      },
    });
  }
  visuals.push({
    visual: {
      name: 'quickTable',
      title: schema.name,
      type: 'tableEx',
      layout: layout(0, 0, 1, 1),
      query: {},
    },
    result: {
      columns: columns.map((c, i) => ({
        name: c.displayName ?? c.name,
        type: i === numeric ? 'number' : 'string',
      })),
      rows: rows.slice(0, 500),
    },
  });
  return visuals;
}

export function registerQuickCreateRoutes(
  routes: RouteTable,
  transport: FrameTransport,
  root: HTMLElement,
  uid: string,
): void {
  const session = new EmbedSession(transport, 'reports', root, uid, { tokenProvider: true });

  const render = (config: models.IQuickCreateConfiguration, current: () => boolean) => {
    const visuals = summarize(config.datasetCreateConfig);
    if (!current()) return;
    const grid = h('div', { class: 'cv-dashboard', style: '--cols:2' });
    session.show(grid);
    session.markLoaded();
    const palette = paletteOf((config.theme as models.ICustomTheme | undefined) ?? undefined);
    for (const [index, { visual, result }] of visuals.entries()) {
      const cell = h('div', {
        class: 'cv-tile',
        style: index === visuals.length - 1 ? 'grid-column:span 2;grid-row:span 2' : '',
      });
      grid.append(cell);
      drawSingleVisual(
        mountSingleVisual(cell, visual, () => undefined),
        result,
        palette,
      );
    }
    session.events.emit('rendered', {});
  };

  registerLoadRoute<models.IQuickCreateConfiguration>(routes, '/quickcreate', {
    subject: 'The create configuration',
    validate: models.validateQuickCreate,
    refuse: (config) => {
      if (
        !config.datasetCreateConfig.tableSchemaList?.length ||
        !config.datasetCreateConfig.data?.length
      ) {
        throw badRequest(
          'The emulator builds quick reports from inline data: datasetCreateConfig needs tableSchemaList and data.',
          FrameErrorCode.NotSupported,
        );
      }
    },
    start: (config, headers) => session.load(config, headers, render),
  });
  registerTokenRoutes(routes, session.tokens, '/report/token');
}

import type {
  PageDefinition,
  ReportDefinition,
  VisualDefinition,
  VisualType,
} from '../contract.ts';
import { badRequest } from '../errors.ts';
import type { SemanticModel } from '../data/semantic-model.ts';
import { salesTable } from '../data/generate-sales.ts';
import { buildQuery } from './build-query.ts';
import { resolveColumn } from './model-refs.ts';
import { isRecord } from '../is-record.ts';

const visualTypes: VisualType[] = [
  'card',
  'clusteredColumnChart',
  'clusteredBarChart',
  'lineChart',
  'pieChart',
  'donutChart',
  'tableEx',
  'pivotTable',
  'slicer',
];

const isText = (value: unknown): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= 256;

/**
 * Saved filters must compile against the model, so a report that saves cannot fail to load later.
 * The (trivial) query is built, never run.
 */
function checkFilters(model: SemanticModel, filters: unknown, where: string): void {
  if (filters === undefined) return;
  if (!Array.isArray(filters)) throw badRequest(`${where} must be an array`, where);
  const table = model.tables[0];
  const column = table?.columns[0];
  if (!table || !column || filters.length === 0) return;
  try {
    buildQuery(
      {
        model,
        table: salesTable,
        today: '2000-01-01',
        now: '2000-01-01 00:00',
        identity: undefined,
      },
      {
        datasetId: '',
        measures: [{ table: table.name, column: column.name, aggregation: 'count' }],
        filters,
      },
    );
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw badRequest(`${where}: ${message}`, where);
  }
}

function checkVisual(model: SemanticModel, visual: unknown, where: string): VisualDefinition {
  if (!isRecord(visual)) throw badRequest(`${where} must be an object`, where);
  if (!isText(visual.name))
    throw badRequest(`${where}.name must be a non-empty string`, `${where}.name`);
  if (typeof visual.title !== 'string')
    throw badRequest(`${where}.title must be a string`, `${where}.title`);
  if (!visualTypes.includes(visual.type as VisualType)) {
    throw badRequest(`${where}.type must be one of ${visualTypes.join(', ')}`, `${where}.type`);
  }
  const layout = visual.layout;
  if (
    !isRecord(layout) ||
    !['x', 'y', 'z', 'width', 'height'].every((key) => typeof layout[key] === 'number')
  ) {
    throw badRequest(
      `${where}.layout must have numeric x, y, z, width and height`,
      `${where}.layout`,
    );
  }
  if (!isRecord(visual.query))
    throw badRequest(`${where}.query must be an object`, `${where}.query`);
  // Compiling the query validates every field reference against the model without running it.
  const { groupBy, columns, measures, orderBy, limit } = visual.query;
  const query = { groupBy, columns, measures, orderBy, limit };
  const empty = groupBy === undefined && columns === undefined && measures === undefined;
  if (!empty) {
    buildQuery(
      {
        model,
        table: salesTable,
        today: '2000-01-01',
        now: '2000-01-01 00:00',
        identity: undefined,
      },
      { datasetId: '', ...(query as object) },
    );
  }
  if (visual.target !== undefined) resolveColumn(model, visual.target, `${where}.target`);
  checkFilters(model, visual.filters, `${where}.filters`);
  checkFilters(model, visual.slicerFilters, `${where}.slicerFilters`);
  return visual as unknown as VisualDefinition;
}

function checkPage(model: SemanticModel, page: unknown, where: string): PageDefinition {
  if (!isRecord(page)) throw badRequest(`${where} must be an object`, where);
  if (!isText(page.name))
    throw badRequest(`${where}.name must be a non-empty string`, `${where}.name`);
  if (!isText(page.displayName))
    throw badRequest(`${where}.displayName must be a non-empty string`, `${where}.displayName`);
  if (page.visibility !== undefined && page.visibility !== 0 && page.visibility !== 1) {
    throw badRequest(`${where}.visibility must be 0 or 1`, `${where}.visibility`);
  }
  if (!Array.isArray(page.visuals))
    throw badRequest(`${where}.visuals must be an array`, `${where}.visuals`);
  checkFilters(model, page.filters, `${where}.filters`);
  const names = new Set<string>();
  page.visuals.forEach((visual: unknown, index) => {
    const checked = checkVisual(model, visual, `${where}.visuals[${index}]`);
    if (names.has(checked.name))
      throw badRequest(
        `Duplicate visual name "${checked.name}"`,
        `${where}.visuals[${index}].name`,
      );
    names.add(checked.name);
  });
  checkMobileLayout(page.mobileLayout, names, `${where}.mobileLayout`);
  return page as unknown as PageDefinition;
}

const isSize = (value: unknown) => typeof value === 'number' && Number.isFinite(value) && value > 0;

/** A phone layout: a positive canvas size and places for visuals of this page only. */
function checkMobileLayout(layout: unknown, visualNames: Set<string>, where: string): void {
  if (layout === undefined) return;
  if (!isRecord(layout) || !isSize(layout.width) || !isSize(layout.height)) {
    throw badRequest(`${where} must have a positive width and height`, where);
  }
  if (!isRecord(layout.visuals))
    throw badRequest(`${where}.visuals must be an object`, `${where}.visuals`);
  for (const [name, place] of Object.entries(layout.visuals)) {
    if (!visualNames.has(name))
      throw badRequest(`${where}.visuals names "${name}", not a visual of this page`, where);
    if (
      !isRecord(place) ||
      !['x', 'y', 'width', 'height'].every((key) => typeof place[key] === 'number')
    ) {
      throw badRequest(
        `${where}.visuals.${name} must have numeric x, y, width and height`,
        `${where}.visuals`,
      );
    }
  }
}

/**
 * Checks a report definition sent by the frame (save / saveAs / create) so a bad definition is a
 * 400 now rather than a failing query later. Returns the pages, bookmarks and saved filters to store.
 */
export function checkDefinition(
  model: SemanticModel,
  definition: unknown,
): Pick<ReportDefinition, 'pages' | 'bookmarks' | 'filters'> {
  if (!isRecord(definition)) throw badRequest('definition must be an object', 'definition');
  if (!Array.isArray(definition.pages) || definition.pages.length === 0) {
    throw badRequest('definition.pages must be a non-empty array', 'definition.pages');
  }
  const names = new Set<string>();
  const pages = definition.pages.map((page: unknown, index) => {
    const checked = checkPage(model, page, `definition.pages[${index}]`);
    if (names.has(checked.name))
      throw badRequest(`Duplicate page name "${checked.name}"`, `definition.pages[${index}].name`);
    names.add(checked.name);
    return checked;
  });
  if (definition.bookmarks !== undefined && !Array.isArray(definition.bookmarks)) {
    throw badRequest('definition.bookmarks must be an array', 'definition.bookmarks');
  }
  const bookmarks = definition.bookmarks as ReportDefinition['bookmarks'];
  // A bookmark's filters apply when it is chosen: they must compile now, like saved page filters.
  bookmarks?.forEach((bookmark, index) =>
    checkFilters(model, bookmark.filters, `definition.bookmarks[${index}].filters`),
  );
  checkFilters(model, definition.filters, 'definition.filters');
  const filters = definition.filters as ReportDefinition['filters'];
  return {
    pages,
    ...(bookmarks ? { bookmarks } : {}),
    ...(filters && filters.length > 0 ? { filters } : {}),
  };
}

/** A new report's single empty page (create mode). */
export const blankPages = (): PageDefinition[] => [
  { name: 'ReportSection', displayName: 'Page 1', width: 1280, height: 720, visuals: [] },
];

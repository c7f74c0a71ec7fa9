import type { JsonSchema } from './json-schema.ts';
import { largeBodyLimit } from './body-limits.ts';

/**
 * Body schemas of the routes that do not declare one inline (the /_emulator API the frame calls and
 * the OAuth endpoint), keyed by "METHOD path" relative to where the emulator is mounted. They bound
 * the shape (types, lengths, list sizes) before a handler runs; the handlers then check meaning
 * (names against the model, ids against the catalogue). The fuzz suite reads this table too.
 */
export interface RouteInput {
  body: JsonSchema;
  /** A body cap above the default, for bodies that legitimately carry more. */
  bodyLimit?: number;
}

const id: JsonSchema = { type: 'string', minLength: 1, maxLength: 128 };
const name: JsonSchema = { type: 'string', maxLength: 256 };
/** Free-form JSON parts (filters, visual extras): any value, bounded by the body's depth and size. */
const anyJson: JsonSchema = {};
/** A saved bookmark (the contract's BookmarkDefinition): its filters compile when it is applied. */
const bookmarkSchema: JsonSchema = {
  type: 'object',
  required: ['name', 'displayName'],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 256 },
    displayName: { type: 'string', maxLength: 256 },
    pageName: { type: 'string', maxLength: 256 },
    filters: { type: 'array', maxItems: 100, items: { type: 'object' } },
    state: { type: 'string', maxLength: 65_536 },
  },
};

/**
 * A report definition as save, saveAs and create send it: its parts are checked in depth (and with
 * the model) by checkDefinition; this bounds the sizes first.
 */
const definitionSchema: JsonSchema = {
  type: 'object',
  properties: {
    name,
    pages: { type: 'array', maxItems: 100 },
    bookmarks: { type: 'array', maxItems: 500, items: bookmarkSchema },
  },
};

/** A visual query; the query builder checks every field reference and filter against the model. */
const querySchema: JsonSchema = {
  type: 'object',
  required: ['datasetId'],
  properties: { datasetId: id, applicationContext: anyJson },
};

/** Filters by name (page or visual key) → list; keys bounded like the report's own pages and visuals. */
const filtersByKey: JsonSchema = {
  type: 'object',
  maxProperties: 500,
  additionalProperties: { type: 'array', maxItems: 100, items: { type: 'object' } },
};

/** Persistent filters as the frame saves them (its FilterSnapshot): filters and slicer states. */
const filterSnapshotSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    activePage: { type: ['string', 'null'], maxLength: 256 },
    reportFilters: { type: 'array', maxItems: 100, items: { type: 'object' } },
    pageFilters: filtersByKey,
    visualFilters: filtersByKey,
    slicers: { type: 'object', maxProperties: 500, additionalProperties: { type: 'object' } },
  },
};

export const routeInputs: Readonly<Record<string, RouteInput>> = {
  'POST /_emulator/query': { body: querySchema, bodyLimit: largeBodyLimit },
  'POST /_emulator/qna': {
    body: {
      type: 'object',
      required: ['datasetId'],
      properties: { datasetId: id, question: { type: 'string', maxLength: 1000 } },
    },
  },
  'POST /_emulator/token/verify': {
    body: {
      type: 'object',
      required: ['token'],
      properties: { token: { type: 'string', maxLength: 16_384 } },
    },
  },
  'POST /_emulator/reports': {
    body: {
      type: 'object',
      required: ['name', 'datasetId'],
      properties: {
        name,
        datasetId: id,
        definition: definitionSchema,
        sourceReportId: id,
        groupId: id,
      },
    },
    bodyLimit: largeBodyLimit,
  },
  'PUT /_emulator/reports/:reportId': { body: definitionSchema, bodyLimit: largeBodyLimit },
  'PUT /_emulator/reports/:reportId/userState': {
    body: { type: 'object', required: ['state'], properties: { state: filterSnapshotSchema } },
  },
  'POST /_emulator/admin/knobs': {
    body: {
      type: 'object',
      properties: {
        latencyMs: { type: 'number' },
        failureRate: { type: 'number' },
        failNext: { type: 'number' },
        failStatus: { type: 'number' },
        failCode: { type: 'string', maxLength: 100 },
        throttle: {
          type: ['object', 'null'],
          properties: { everyN: { type: 'number' }, retryAfterSeconds: { type: 'number' } },
        },
        areas: { type: 'array', maxItems: 10, items: { type: 'string', maxLength: 20 } },
      },
    },
  },
  // Form fields arrive as text; other content types are refused by the route itself.
  'POST /:tenantId/oauth2/v2.0/token': {
    body: {
      type: ['object', 'null'],
      maxProperties: 50,
      additionalProperties: { type: 'string', maxLength: 8192 },
    },
  },
};

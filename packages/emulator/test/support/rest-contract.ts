/**
 * Response shapes of the service's published REST API, written down in our own terms from the facts of
 * its OpenAPI description (definition names, required fields, types, enums). Tests check the
 * emulator's answers against them; the description itself is not part of this repository.
 */
export type Shape =
  | 'string'
  | 'integer'
  | 'boolean'
  | 'guid'
  | { enum: readonly string[] }
  | { object: Record<string, Shape>; required?: readonly string[] }
  | { array: Shape };

const guidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const principalType = { enum: ['None', 'User', 'Group', 'App'] } as const;
const datasetUserAccessRight = {
  enum: [
    'None',
    'Read',
    'ReadWrite',
    'ReadReshare',
    'ReadWriteReshare',
    'ReadExplore',
    'ReadReshareExplore',
    'ReadWriteExplore',
    'ReadWriteReshareExplore',
  ],
} as const;

/** An OData collection: `value` holds the items. */
const list = (item: Shape): Shape => ({ object: { value: { array: item } }, required: ['value'] });

export const contract = {
  Page: {
    object: { name: 'string', displayName: 'string', order: 'integer' },
    required: ['name', 'displayName', 'order'],
  },
  Tables: list({
    object: {
      name: 'string',
      columns: {
        array: { object: { name: 'string', dataType: 'string' }, required: ['name', 'dataType'] },
      },
    },
    required: ['name', 'columns'],
  }),
  MashupParameters: list({
    object: {
      name: 'string',
      type: 'string',
      currentValue: 'string',
      isRequired: 'boolean',
      suggestedValues: { array: 'string' },
    },
    required: ['name', 'type', 'isRequired'],
  }),
  Datasources: list({
    object: {
      name: 'string',
      connectionString: 'string',
      datasourceType: 'string',
      connectionDetails: {
        object: { server: 'string', database: 'string', url: 'string', path: 'string' },
      },
      gatewayId: 'guid',
      datasourceId: 'guid',
    },
  }),
  DatasetUsersAccess: list({
    object: { identifier: 'string', principalType, datasetUserAccessRight },
    required: ['identifier', 'principalType', 'datasetUserAccessRight'],
  }),
  AvailableFeatures: {
    object: {
      features: {
        array: {
          object: {
            name: 'string',
            state: { enum: ['Enabled', 'Disabled'] },
            extendedState: { enum: ['Enabled', 'DisabledByAdmin', 'UserNotLicensed'] },
            additionalInfo: { object: { Usage: 'integer' } },
          },
          required: ['name', 'state', 'extendedState'],
        },
      },
    },
    required: ['features'],
  },
  Reports: list({ object: { id: 'guid', name: 'string' }, required: ['id'] }),
  Datasets: list({ object: { id: 'string', name: 'string' }, required: ['id'] }),
  Dashboards: list({ object: { id: 'guid', displayName: 'string' }, required: ['id'] }),
} satisfies Record<string, Shape>;

/** Where `value` departs from `shape`, as JSON paths; empty when it conforms. */
export function violations(value: unknown, shape: Shape, path = '$'): string[] {
  if (shape === 'string') return typeof value === 'string' ? [] : [`${path}: not a string`];
  if (shape === 'integer') return Number.isInteger(value) ? [] : [`${path}: not an integer`];
  if (shape === 'boolean') return typeof value === 'boolean' ? [] : [`${path}: not a boolean`];
  if (shape === 'guid') {
    return typeof value === 'string' && guidPattern.test(value) ? [] : [`${path}: not a GUID`];
  }
  if ('enum' in shape) {
    return shape.enum.includes(value as string) ? [] : [`${path}: ${String(value)} not in enum`];
  }
  if ('array' in shape) {
    if (!Array.isArray(value)) return [`${path}: not an array`];
    return value.flatMap((item, index) => violations(item, shape.array, `${path}[${index}]`));
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return [`${path}: not an object`];
  }
  const record = value as Record<string, unknown>;
  const missing = (shape.required ?? [])
    .filter((key) => !(key in record))
    .map((key) => `${path}.${key}: missing`);
  const wrong = Object.entries(shape.object).flatMap(([key, field]) =>
    key in record ? violations(record[key], field, `${path}.${key}`) : [],
  );
  return [...missing, ...wrong];
}

import { list, type Shape } from './rest-shapes.ts';

/**
 * What the service answers to each REST operation this emulator serves under /v1.0/myorg: the
 * success status and the shape of the body. Written in our own terms from the facts of the service's
 * published OpenAPI description (its definition names, required fields, types, formats and enums);
 * the description itself is not part of this repository.
 *
 * Field names are the ones the service puts on the wire. Where the description spells a field in
 * PascalCase (a dataset's `CreatedDate`, `QnaEmbedURL`, `IsEffectiveIdentityRequired`; an export's
 * `ResourceFileExtension`) the service sends it in camelCase, and so do we.
 *
 * The contract test (test/rest-contract.test.ts) calls every operation on a running emulator and
 * checks the answer against this table, and fails when the emulator answers an operation that has
 * no entry here: adding a route means writing down what the service answers to it.
 */

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
const itemUserAccessRight = {
  enum: ['None', 'Read', 'ReadWrite', 'ReadReshare', 'ReadCopy', 'Owner'],
} as const;
const subscription: Shape = {
  object: { id: 'guid', title: 'string', artifactId: 'guid', artifactDisplayName: 'string' },
  required: ['id'],
};

const Group: Shape = {
  object: {
    id: 'guid',
    name: 'string',
    isReadOnly: 'boolean',
    isOnDedicatedCapacity: 'boolean',
    capacityId: 'guid',
    dataflowStorageId: 'guid',
    defaultDatasetStorageFormat: { enum: ['Small', 'Large'] },
  },
  required: ['id'],
};

const GroupUser: Shape = {
  object: {
    emailAddress: 'string',
    displayName: 'string',
    identifier: 'string',
    graphId: 'string',
    userType: 'string',
    principalType,
    groupUserAccessRight: { enum: ['None', 'Member', 'Admin', 'Contributor', 'Viewer'] },
    profile: { object: { id: 'guid', displayName: 'string' } },
  },
  required: ['groupUserAccessRight', 'principalType', 'identifier'],
};

const ServicePrincipalProfile: Shape = {
  object: { id: 'guid', displayName: 'string' },
};

const Report: Shape = {
  object: {
    id: 'guid',
    name: 'string',
    datasetId: 'string',
    appId: 'string',
    description: 'string',
    reportType: { enum: ['PaginatedReport', 'PowerBIReport'] },
    originalReportId: 'guid',
    isOwnedByMe: 'boolean',
    webUrl: 'string',
    embedUrl: 'string',
    users: {
      array: {
        object: { reportUserAccessRight: itemUserAccessRight, identifier: 'string', principalType },
        required: ['reportUserAccessRight'],
      },
    },
    subscriptions: { array: subscription },
  },
  required: ['id'],
};

const Page: Shape = {
  object: { name: 'string', displayName: 'string', order: 'integer' },
  required: ['name', 'displayName', 'order'],
};

const Dataset: Shape = {
  object: {
    id: 'string',
    name: 'string',
    configuredBy: 'string',
    createdDate: 'dateTime',
    contentProviderType: 'string',
    description: 'string',
    createReportEmbedURL: 'string',
    qnaEmbedURL: 'string',
    webUrl: 'string',
    isEffectiveIdentityRequired: 'boolean',
    isEffectiveIdentityRolesRequired: 'boolean',
    isOnPremGatewayRequired: 'boolean',
    addRowsAPIEnabled: 'boolean',
    isRefreshable: 'boolean',
    isInPlaceSharingEnabled: 'boolean',
    targetStorageMode: 'string',
    users: {
      array: {
        object: { datasetUserAccessRight, identifier: 'string', principalType },
        required: ['datasetUserAccessRight'],
      },
    },
  },
  required: ['id'],
};

const Column: Shape = {
  object: { name: 'string', dataType: 'string', formatString: 'string', isHidden: 'boolean' },
  required: ['name', 'dataType'],
};
const Table: Shape = {
  object: {
    name: 'string',
    columns: { array: Column },
    isHidden: 'boolean',
    description: 'string',
  },
  required: ['name', 'columns'],
};

const refreshAttempt: Shape = {
  object: {
    attemptId: 'integer',
    startTime: 'dateTime',
    endTime: 'dateTime',
    serviceExceptionJson: 'string',
    type: { enum: ['Data', 'Query'] },
  },
};
const Refresh: Shape = {
  object: {
    refreshType: {
      enum: [
        'Scheduled',
        'OnDemand',
        'ViaApi',
        'ViaXmlaEndpoint',
        'ViaEnhancedApi',
        'OnDemandTraining',
      ],
    },
    startTime: 'dateTime',
    endTime: 'dateTime',
    serviceExceptionJson: 'string',
    status: 'string',
    requestId: 'string',
    refreshAttempts: { array: refreshAttempt },
  },
};

const Datasource: Shape = {
  object: {
    name: 'string',
    connectionString: 'string',
    datasourceType: 'string',
    connectionDetails: {
      object: {
        server: 'string',
        database: 'string',
        url: 'string',
        path: 'string',
        kind: 'string',
        account: 'string',
        domain: 'string',
        emailAddress: 'string',
        loginServer: 'string',
        classInfo: 'string',
      },
    },
    gatewayId: 'guid',
    datasourceId: 'guid',
  },
};

const MashupParameter: Shape = {
  object: {
    name: 'string',
    type: 'string',
    currentValue: 'string',
    isRequired: 'boolean',
    suggestedValues: { array: 'string' },
  },
  required: ['name', 'type', 'isRequired'],
};

const DatasetUserAccess: Shape = {
  object: { identifier: 'string', principalType, datasetUserAccessRight },
  required: ['identifier', 'principalType', 'datasetUserAccessRight'],
};

const Dashboard: Shape = {
  object: {
    id: 'guid',
    displayName: 'string',
    isReadOnly: 'boolean',
    appId: 'string',
    webUrl: 'string',
    embedUrl: 'string',
    users: {
      array: {
        object: { dashboardUserAccessRight: itemUserAccessRight, identifier: 'string' },
        required: ['dashboardUserAccessRight'],
      },
    },
    subscriptions: { array: subscription },
  },
  required: ['id'],
};

const Tile: Shape = {
  object: {
    id: 'guid',
    title: 'string',
    reportId: 'guid',
    datasetId: 'string',
    rowSpan: 'integer',
    colSpan: 'integer',
    embedUrl: 'string',
    embedData: 'string',
  },
  required: ['id'],
};

const EmbedToken: Shape = {
  object: { token: 'string', tokenId: 'guid', expiration: 'dateTime' },
  required: ['token', 'tokenId', 'expiration'],
};

const Export: Shape = {
  object: {
    id: 'string',
    createdDateTime: 'dateTime',
    lastActionDateTime: 'dateTime',
    reportId: 'guid',
    reportName: 'string',
    status: { enum: ['Undefined', 'NotStarted', 'Running', 'Succeeded', 'Failed'] },
    percentComplete: 'integer',
    resourceLocation: 'string',
    resourceFileExtension: 'string',
    expirationTime: 'dateTime',
  },
};

const AvailableFeatures: Shape = {
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
};

/** The service's definitions, by the names its description gives them. */
export const shapes = {
  Group,
  Groups: list(Group),
  GroupUsers: list(GroupUser),
  Report,
  Reports: list(Report),
  Page,
  Pages: list(Page),
  Dataset,
  Datasets: list(Dataset),
  Tables: list(Table),
  Refreshes: list(Refresh),
  Datasources: list(Datasource),
  MashupParameters: list(MashupParameter),
  DatasetUsersAccess: list(DatasetUserAccess),
  Dashboard,
  Dashboards: list(Dashboard),
  Tile,
  Tiles: list(Tile),
  EmbedToken,
  Export,
  AvailableFeatures,
  ServicePrincipalProfile,
  ServicePrincipalProfiles: list(ServicePrincipalProfile),
} satisfies Record<string, Shape>;

/**
 * The answer to one operation. `none`: the description gives the success answer no body (the
 * emulator sends none, or an empty JSON object where the service does). `file`: a download.
 */
export interface OperationContract {
  status: readonly number[];
  body: Shape | 'none' | 'file';
}

const ok = (body: OperationContract['body']): OperationContract => ({ status: [200], body });
/** The group form and the My-workspace form of an operation answer the same. */
const both = (path: string, contract: OperationContract) => ({
  [`GET /groups/:groupId${path}`]: contract,
  [`GET ${path}`]: contract,
});

/** Every operation, keyed `METHOD path` with the path relative to /v1.0/myorg as it is routed. */
export const restContract: Record<string, OperationContract> = {
  // Workspaces and their users.
  'GET /groups': ok(shapes.Groups),
  'POST /groups': ok(shapes.Group),
  'GET /groups/:groupId': ok(shapes.Group),
  'DELETE /groups/:groupId': ok('none'),
  'POST /groups/:groupId/AssignToCapacity': ok('none'),
  'GET /groups/:groupId/users': ok(shapes.GroupUsers),
  'POST /groups/:groupId/users': ok('none'),
  'DELETE /groups/:groupId/users/:user': ok('none'),
  'GET /availableFeatures': ok(shapes.AvailableFeatures),

  // Service principal profiles (only the service principal itself calls these).
  'POST /profiles': ok(shapes.ServicePrincipalProfile),
  'GET /profiles': ok(shapes.ServicePrincipalProfiles),
  'GET /profiles/:profileId': ok(shapes.ServicePrincipalProfile),
  'PUT /profiles/:profileId': ok(shapes.ServicePrincipalProfile),
  'DELETE /profiles/:profileId': ok('none'),

  // Reports.
  'GET /groups/:groupId/reports': ok(shapes.Reports),
  'GET /reports': ok(shapes.Reports),
  ...both('/reports/:reportId', ok(shapes.Report)),
  ...both('/reports/:reportId/pages', ok(shapes.Pages)),
  ...both('/reports/:reportId/pages/:pageName', ok(shapes.Page)),
  ...both('/reports/:reportId/datasources', ok(shapes.Datasources)),
  ...both('/reports/:reportId/Export', ok('file')),
  'DELETE /groups/:groupId/reports/:reportId': ok('none'),
  'POST /groups/:groupId/reports/:reportId/Clone': ok(shapes.Report),
  'POST /reports/:reportId/Clone': ok(shapes.Report),
  'POST /groups/:groupId/reports/:reportId/ExportTo': { status: [202], body: shapes.Export },
  // 202 while the export runs, 200 once it succeeded or failed.
  'GET /groups/:groupId/reports/:reportId/exports/:exportId': {
    status: [200, 202],
    body: shapes.Export,
  },
  'GET /groups/:groupId/reports/:reportId/exports/:exportId/file': ok('file'),

  // Datasets.
  'GET /groups/:groupId/datasets': ok(shapes.Datasets),
  'GET /datasets': ok(shapes.Datasets),
  ...both('/datasets/:datasetId', ok(shapes.Dataset)),
  ...both('/datasets/:datasetId/refreshes', ok(shapes.Refreshes)),
  'POST /groups/:groupId/datasets/:datasetId/refreshes': { status: [202], body: 'none' },
  'POST /datasets/:datasetId/refreshes': { status: [202], body: 'none' },
  ...both('/datasets/:datasetId/parameters', ok(shapes.MashupParameters)),
  ...both('/datasets/:datasetId/datasources', ok(shapes.Datasources)),
  ...both('/datasets/:datasetId/users', ok(shapes.DatasetUsersAccess)),
  // Push datasets: created (201), their tables, rows added and deleted.
  'POST /groups/:groupId/datasets': { status: [201], body: shapes.Dataset },
  ...both('/datasets/:datasetId/tables', ok(shapes.Tables)),
  'POST /groups/:groupId/datasets/:datasetId/tables/:tableName/rows': ok('none'),
  'DELETE /groups/:groupId/datasets/:datasetId/tables/:tableName/rows': ok('none'),

  // Dashboards and tiles.
  'GET /groups/:groupId/dashboards': ok(shapes.Dashboards),
  'GET /dashboards': ok(shapes.Dashboards),
  ...both('/dashboards/:dashboardId', ok(shapes.Dashboard)),
  ...both('/dashboards/:dashboardId/tiles', ok(shapes.Tiles)),
  ...both('/dashboards/:dashboardId/tiles/:tileId', ok(shapes.Tile)),

  // Embed tokens.
  'POST /GenerateToken': ok(shapes.EmbedToken),
  'POST /groups/:groupId/reports/:reportId/GenerateToken': ok(shapes.EmbedToken),
  'POST /groups/:groupId/reports/GenerateToken': ok(shapes.EmbedToken),
  'POST /groups/:groupId/datasets/:datasetId/GenerateToken': ok(shapes.EmbedToken),
  'POST /groups/:groupId/dashboards/:dashboardId/GenerateToken': ok(shapes.EmbedToken),
  'POST /groups/:groupId/dashboards/:dashboardId/tiles/:tileId/GenerateToken': ok(
    shapes.EmbedToken,
  ),
};

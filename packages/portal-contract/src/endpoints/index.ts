import { groupsEndpoints } from './groups.ts';

/**
 * Every endpoint of the portal API, by operationId. The server registers each route from its entry
 * (a route missing here fails server/test/routes/endpoint-table.test.ts) and the SPA calls them
 * through portal/src/shared/api/api-client.ts.
 */
export const endpoints = {
  ...groupsEndpoints,
};
export type Endpoints = typeof endpoints;

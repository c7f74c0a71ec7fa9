import { accountEndpoints } from './account.ts';
import { analyticsEndpoints } from './analytics.ts';
import { auditEndpoints } from './audit.ts';
import { authEndpoints } from './auth.ts';
import { chatEndpoints } from './chat.ts';
import { groupsEndpoints } from './groups.ts';
import { integrationsEndpoints } from './integrations.ts';
import { mfaEndpoints } from './mfa.ts';
import { reportsEndpoints } from './reports.ts';
import { subscriptionsEndpoints } from './subscriptions.ts';
import { systemEndpoints } from './system.ts';
import { tenantsEndpoints } from './tenants.ts';
import { usersEndpoints } from './users.ts';

/**
 * Every endpoint of the portal API, by operationId. The server registers each route from its entry
 * (a route missing here fails server/test/routes/endpoint-table.test.ts) and the SPA calls them
 * through portal/src/shared/api/api-client.ts.
 */
export const endpoints = {
  ...authEndpoints,
  ...accountEndpoints,
  ...mfaEndpoints,
  ...usersEndpoints,
  ...auditEndpoints,
  ...systemEndpoints,
  ...chatEndpoints,
  ...analyticsEndpoints,
  ...integrationsEndpoints,
  ...subscriptionsEndpoints,
  ...tenantsEndpoints,
  ...reportsEndpoints,
  ...groupsEndpoints,
};
export type Endpoints = typeof endpoints;

import type { FastifyPluginAsync } from 'fastify';
import account from './api/account/index.ts';
import adminPowerbi from './api/admin-powerbi/index.ts';
import adminTenants from './api/admin-tenants/index.ts';
import adminUsers from './api/admin-users/index.ts';
import analytics from './api/analytics/index.ts';
import adminAudit from './api/admin-audit/index.ts';
import auth from './api/auth/index.ts';
import adminDataSources from './api/admin-data-sources/index.ts';
import conversations from './api/conversations/index.ts';
import events from './api/events/index.ts';
import files from './api/files/index.ts';
import health from './api/health/index.ts';
import adminIntegrations from './api/admin-integrations/index.ts';
import adminOauth from './api/admin-oauth/index.ts';
import powerbi from './api/powerbi/index.ts';
import ready from './api/ready/index.ts';
import messages from './api/messages/index.ts';
import subscriptions from './api/subscriptions/index.ts';
import tenants from './api/tenants/index.ts';
import uploadLogo from './api/upload-logo/index.ts';
import adminUsage from './api/admin-usage/index.ts';
import users from './api/users/index.ts';
import version from './api/version/index.ts';

/**
 * Every API resource and its prefix. One line per resource folder under routes/api, named after
 * the URL it is mounted at (`admin-audit` → /api/admin/audit); each folder's index.ts is an
 * encapsulated plugin whose routes declare `config.access` (see authenticate.ts). A resource's
 * sub-resources are files its index.ts registers (`admin-tenants/integrations.ts` serves
 * /api/admin/tenants/{tenantId}/integrations).
 */
const routes: FastifyPluginAsync = async (app) => {
  await app.register(health, { prefix: '/api/health' });
  await app.register(ready, { prefix: '/api/ready' });
  await app.register(version, { prefix: '/api/version' });
  await app.register(auth, { prefix: '/api/auth' });
  await app.register(account, { prefix: '/api/account' });
  await app.register(messages, { prefix: '/api/messages' });
  await app.register(conversations, { prefix: '/api/conversations' });
  await app.register(events, { prefix: '/api/events' });
  await app.register(adminTenants, { prefix: '/api/admin/tenants' });
  await app.register(tenants, { prefix: '/api/tenants' });
  await app.register(users, { prefix: '/api/users' });
  await app.register(adminUsers, { prefix: '/api/admin/users' });
  // Both logo uploads share one folder: /api/upload-logo and /api/admin/upload-logo.
  await app.register(uploadLogo, { prefix: '/api' });
  await app.register(files, { prefix: '/api/files' });
  await app.register(adminAudit, { prefix: '/api/admin/audit' });
  await app.register(powerbi, { prefix: '/api/powerbi' });
  await app.register(adminPowerbi, { prefix: '/api/admin/powerbi' });
  await app.register(subscriptions, { prefix: '/api' });
  await app.register(adminUsage, { prefix: '/api/admin/usage' });
  await app.register(analytics, { prefix: '/api/analytics' });
  await app.register(adminDataSources, { prefix: '/api/admin/data-sources' });
  await app.register(adminIntegrations, { prefix: '/api/admin/integrations' });
  await app.register(adminOauth, { prefix: '/api/admin/oauth' });
};

export default routes;

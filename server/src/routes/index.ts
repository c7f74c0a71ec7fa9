import type { FastifyPluginAsync } from 'fastify';
import account from './api/account/index.ts';
import adminReports from './api/admin-reports/index.ts';
import adminTenants from './api/admin-tenants/index.ts';
import adminUsers from './api/admin-users/index.ts';
import analytics from './api/analytics/index.ts';
import auditLog from './api/audit/index.ts';
import auth from './api/auth/index.ts';
import dataSources from './api/data-sources/index.ts';
import conversations from './api/conversations/index.ts';
import events from './api/events/index.ts';
import files from './api/files/index.ts';
import groups from './api/groups/index.ts';
import health from './api/health/index.ts';
import integrations from './api/integrations/index.ts';
import oauth from './api/oauth/index.ts';
import powerbi from './api/powerbi/index.ts';
import ready from './api/ready/index.ts';
import messages from './api/messages/index.ts';
import subscriptions from './api/subscriptions/index.ts';
import tenants from './api/tenants/index.ts';
import uploads from './api/uploads/index.ts';
import usage from './api/usage/index.ts';
import users from './api/users/index.ts';
import version from './api/version/index.ts';

/**
 * Every API resource and its prefix. One line per resource folder under routes/api; each folder's
 * index.ts is an encapsulated plugin whose routes declare `config.access` (see authenticate.ts).
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
  await app.register(groups, { prefix: '/api/tenants' });
  await app.register(users, { prefix: '/api/users' });
  await app.register(adminUsers, { prefix: '/api/admin/users' });
  await app.register(uploads, { prefix: '/api' });
  await app.register(files, { prefix: '/api/files' });
  await app.register(auditLog, { prefix: '/api/admin/audit' });
  await app.register(powerbi, { prefix: '/api/powerbi' });
  await app.register(adminReports, { prefix: '/api/admin' });
  await app.register(subscriptions, { prefix: '/api' });
  await app.register(usage, { prefix: '/api/admin/usage' });
  await app.register(analytics, { prefix: '/api/analytics' });
  await app.register(dataSources, { prefix: '/api/admin/data-sources' });
  await app.register(integrations, { prefix: '/api/admin' });
  await app.register(oauth, { prefix: '/api/admin/oauth' });
};

export default routes;

import type { FastifyInstance } from 'fastify';
import type { ReportDeps } from '../../../modules/reports/reports.service.ts';

/** What the report services need from the app. */
export const reportDeps = (app: FastifyInstance): ReportDeps => ({
  db: app.db,
  analytics: app.analytics,
  embedTokenMinutes: app.config.embed.tokenMinutes,
});

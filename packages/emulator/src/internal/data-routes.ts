import type { FastifyInstance } from 'fastify';
import type { QueryRequest } from '../contract.ts';
import type { EmulatorContext } from '../context.ts';
import { badRequest } from '../errors.ts';
import { describeModel } from '../data/semantic-model.ts';
import { interpretQuestion } from '../query/qna.ts';
import { runQuery } from '../query/run-query.ts';
import { isRecord } from '../is-record.ts';
import { canReadDataset, canReadReport } from '../policy/embed-access.ts';
import { embedToken, publicAccess } from '../policy/route-guard.ts';
import { queryIdentity } from '../policy/row-security.ts';
import { defineRoute } from '../routing/define-route.ts';
import { largeBodyLimit } from '../validation/body-limits.ts';
import type { JsonSchema } from '../validation/json-schema.ts';
import { anyJson, idSchema } from '../validation/schema-fragments.ts';
import { claimsOf, datasetOr404, notAuthorized, reportOr404 } from './guards.ts';

/** A visual query; the query builder checks every field reference and filter against the model. */
const queryBody: JsonSchema = {
  type: 'object',
  required: ['datasetId'],
  properties: { datasetId: idSchema, applicationContext: anyJson },
};

/** Queries (with filters and RLS), Q&A interpretation and dataset schemas for the frame. */
export function dataRoutes(app: FastifyInstance, context: EmulatorContext): void {
  defineRoute<{ Querystring: { reportId?: string } }>(app, {
    method: 'POST',
    url: '/query',
    guard: embedToken('query'),
    body: queryBody,
    bodyLimit: largeBodyLimit,
    queryRateLimit: true,
    handler: async (request, reply) => {
      const claims = claimsOf(context, request);
      const body: unknown = request.body;
      if (!isRecord(body)) throw badRequest('The query body must be a JSON object', 'body');
      const dataset = datasetOr404(context, body.datasetId);
      const reportId = request.query.reportId;
      if (reportId !== undefined) {
        const report = reportOr404(context, reportId);
        if (!canReadReport(context, claims, report)) throw notAuthorized(`report ${reportId}`);
        if (report.definition.datasetId !== dataset.id) {
          throw badRequest(`Report ${reportId} is not bound to dataset ${dataset.id}`, 'datasetId');
        }
      } else if (!canReadDataset(context, claims, dataset.id)) {
        throw notAuthorized(`dataset ${dataset.id}`);
      }
      const identity = queryIdentity(context, claims, dataset);
      const started = performance.now();
      const result = await runQuery(
        context,
        dataset.model,
        body as unknown as QueryRequest,
        identity,
      );
      // Server-Timing lets the frame (and DevTools) tell engine time from network and rendering time.
      void reply.header('server-timing', `sql;dur=${(performance.now() - started).toFixed(1)}`);
      return result;
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/qna',
    guard: embedToken('readDataset'),
    body: {
      type: 'object',
      required: ['datasetId'],
      properties: { datasetId: idSchema, question: { type: 'string', maxLength: 1000 } },
    },
    handler: (request) => {
      const claims = claimsOf(context, request);
      const body: unknown = request.body;
      if (!isRecord(body)) throw badRequest('The body must be a JSON object', 'body');
      const dataset = datasetOr404(context, body.datasetId);
      if (!canReadDataset(context, claims, dataset.id))
        throw notAuthorized(`dataset ${dataset.id}`);
      return interpretQuestion(dataset.model, body.question);
    },
  });

  defineRoute<{ Params: { datasetId: string } }>(app, {
    method: 'GET',
    url: '/datasets/:datasetId/schema',
    guard: embedToken('readDataset'),
    handler: (request) => {
      const claims = claimsOf(context, request);
      const dataset = datasetOr404(context, request.params.datasetId);
      if (!canReadDataset(context, claims, dataset.id))
        throw notAuthorized(`dataset ${dataset.id}`);
      return describeModel(dataset.model);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/token/verify',
    guard: publicAccess('checks the token in the body, reveals its expiry'),
    body: {
      type: 'object',
      required: ['token'],
      properties: { token: { type: 'string', maxLength: 16_384 } },
    },
    handler: (request) => {
      const body: unknown = request.body;
      if (!isRecord(body) || typeof body.token !== 'string')
        throw badRequest('token must be a string', 'token');
      const claims = context.tokens.verify(body.token);
      return { ok: true, expiresAt: new Date(claims.exp * 1000).toISOString() };
    },
  });
}

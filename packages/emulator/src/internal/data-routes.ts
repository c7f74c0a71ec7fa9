import type { FastifyInstance } from 'fastify';
import type { QueryRequest } from '../contract.ts';
import type { EmulatorContext } from '../context.ts';
import { badRequest } from '../errors.ts';
import { describeModel } from '../data/semantic-model.ts';
import { interpretQuestion } from '../query/qna.ts';
import { runQuery } from '../query/run-query.ts';
import { isRecord } from '../is-record.ts';
import { canReadDataset, canReadReport } from '../policy/embed-access.ts';
import { queryIdentity } from '../policy/row-security.ts';
import { claimsOf, datasetOr404, notAuthorized, reportOr404 } from './guards.ts';

/** Queries (with filters and RLS), Q&A interpretation and dataset schemas for the frame. */
export function dataRoutes(app: FastifyInstance, context: EmulatorContext): void {
  app.post<{ Querystring: { reportId?: string } }>('/query', async (request, reply) => {
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
  });

  app.post('/qna', (request) => {
    const claims = claimsOf(context, request);
    const body: unknown = request.body;
    if (!isRecord(body)) throw badRequest('The body must be a JSON object', 'body');
    const dataset = datasetOr404(context, body.datasetId);
    if (!canReadDataset(context, claims, dataset.id)) throw notAuthorized(`dataset ${dataset.id}`);
    return interpretQuestion(dataset.model, body.question);
  });

  app.get<{ Params: { datasetId: string } }>('/datasets/:datasetId/schema', (request) => {
    const claims = claimsOf(context, request);
    const dataset = datasetOr404(context, request.params.datasetId);
    if (!canReadDataset(context, claims, dataset.id)) throw notAuthorized(`dataset ${dataset.id}`);
    return describeModel(dataset.model);
  });

  app.post('/token/verify', (request) => {
    const body: unknown = request.body;
    if (!isRecord(body) || typeof body.token !== 'string')
      throw badRequest('token must be a string', 'token');
    const claims = context.tokens.verify(body.token);
    return { ok: true, expiresAt: new Date(claims.exp * 1000).toISOString() };
  });
}

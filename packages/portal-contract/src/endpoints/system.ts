import { endpoint } from '../endpoint.ts';
import {
  HealthOk,
  HealthUnavailable,
  ReadinessOk,
  ReadinessUnavailable,
  VersionInfo,
} from '../system.ts';

const tags = ['health'];
const access = 'public';

/**
 * Probes for load balancers and operators: liveness, readiness and the release. Public and not
 * rate-limited, so probes never fail for being frequent.
 */
export const systemEndpoints = {
  getHealth: endpoint({
    operationId: 'getHealth',
    method: 'GET',
    path: '/api/health',
    summary: 'Liveness: 200 when the database answers, else 503',
    tags,
    access,
    responses: { 200: HealthOk, 503: HealthUnavailable },
  }),
  getReadiness: endpoint({
    operationId: 'getReadiness',
    method: 'GET',
    path: '/api/ready',
    summary: 'Readiness: 200 when the database answers and every migration is applied',
    tags,
    access,
    responses: { 200: ReadinessOk, 503: ReadinessUnavailable },
  }),
  getVersion: endpoint({
    operationId: 'getVersion',
    method: 'GET',
    path: '/api/version',
    summary: 'The release, commit and Node.js version of the answering instance',
    tags,
    access,
    responses: { 200: VersionInfo },
  }),
};

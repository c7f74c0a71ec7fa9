import { ErrorBody } from '@canopy/portal-contract';

/** The answers of routes that reach the analytics service (upstream failures are 502–504). */
export const analyticsErrors = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  502: ErrorBody,
  503: ErrorBody,
  504: ErrorBody,
};

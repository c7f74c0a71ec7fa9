import { EmulatorError } from '../errors.ts';

/**
 * The refusals of the policy. The service answers a caller outside the workspace with 401 and a
 * caller whose role or token does not cover the operation with 403, both as
 * PowerBINotAuthorizedException.
 */
export const notMember = () =>
  new EmulatorError('PowerBINotAuthorizedException', 'The caller is not a member of the workspace');

export const forbidden = (message: string) =>
  new EmulatorError('PowerBINotAuthorizedException', message, [], 403);

/** The service's text when an RLS dataset is embedded without an identity for it. */
export const identityRequired = (datasetId: string) =>
  `Creating embed token for accessing dataset ${datasetId} requires effective identity to be provided`;

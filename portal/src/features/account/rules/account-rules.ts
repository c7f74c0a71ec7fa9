import { ChangePasswordRequest } from '@canopy/portal-contract';
import { z } from 'zod';
import { confirmationMatches } from '../../../shared/forms/form-rules.ts';

/**
 * Change password: the contract's request (the current password typed, the new one by the same
 * policy as a reset), then the confirmation the form alone checks.
 */
export const PasswordChangeForm = ChangePasswordRequest.extend({
  confirmation: z.string(),
}).superRefine(confirmationMatches);

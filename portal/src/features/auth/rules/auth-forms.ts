import { ForgotPasswordRequest, LoginRequest, ResetPasswordRequest } from '@canopy/portal-contract';
import { z } from 'zod';
import { confirmationMatches, filled } from '../../../shared/forms/form-rules.ts';

/** The sign-in form refuses a shorter password before asking the server. */
export const PASSWORD_MIN_LENGTH = 8;

/**
 * Sign in: the contract's email and password, the password checked for the policy's length first
 * (any shorter one is wrong anyway). /login imports this lazily: see SchemaSource.
 */
export const LoginForm = LoginRequest.extend({
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, 'Password must be at least 8 characters')
    .pipe(LoginRequest.shape.password),
  remember: z.boolean(),
});

/** Forgot password: an address is asked for first, then checked like the server does. */
export const ForgotPasswordForm = ForgotPasswordRequest.extend({
  email: filled('Email is required').pipe(ForgotPasswordRequest.shape.email),
});

/**
 * Reset password: the server's policy in its order (length, uppercase, number), then the
 * confirmation.
 */
export const ResetPasswordForm = ResetPasswordRequest.pick({ newPassword: true })
  .extend({ confirmation: z.string() })
  .superRefine(confirmationMatches);

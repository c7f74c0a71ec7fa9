import { z } from 'zod';
import { Email, HexColor, Id, PersonType, Theme } from './common.ts';

/** Server-side password policy: the spec's reset rules (§5), applied wherever a password is set. */
export const NewPassword = z
  .string()
  .max(256, 'Must be at most 256 characters')
  .min(8, 'Must be at least 8 characters')
  .regex(/[A-Z]/, 'Must contain an uppercase letter')
  .regex(/[0-9]/, 'Must contain a number');

export const LoginRequest = z.object({
  email: Email,
  // Sign-in accepts any stored password (older ones may predate the policy); only the size is bounded.
  password: z.string().min(1).max(256),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

/** The signed-in person (spec §3 "Auth session") plus the access token and its expiry. */
export const SignedInPerson = z.object({
  id: Id,
  email: z.string(),
  type: PersonType,
  roles: z.array(z.string()),
  tenantId: Id.nullable(),
  theme: Theme.nullable(),
  primaryColor: HexColor.nullable(),
  token: z.string(),
  /** When the access token expires (ISO 8601); the SPA refreshes before then. */
  expiresAt: z.string(),
});
export type SignedInPerson = z.infer<typeof SignedInPerson>;

export const ForgotPasswordRequest = z.object({ email: Email });
export const ResetPasswordRequest = z.object({
  token: z.string().min(1).max(512),
  newPassword: NewPassword,
});
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;

import { z } from 'zod';
import { Email, HexColor, Id, PersonType, Theme } from './common.ts';

/**
 * Server-side password policy: at least 8 characters, an uppercase letter and a number (the reset
 * form's rules), applied wherever a password is set.
 */
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
  // "Remember me": true keeps the session across browser restarts (CANOPY_REFRESH_TOKEN_TTL);
  // false or absent ends it with the browser.
  remember: z.boolean().default(false),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

/** `GET /api/auth/contact`: whom "Contact Administrator" writes to (null: none configured). */
export const SupportContact = z.object({ supportEmail: z.string().nullable() });
export type SupportContact = z.infer<typeof SupportContact>;

/** The signed-in person (the portal's session) plus the access token and its expiry. */
export const SignedInPerson = z.object({
  id: Id,
  email: z.string(),
  type: PersonType,
  roles: z.array(z.string()),
  tenantId: Id.nullable(),
  theme: Theme.nullable(),
  primaryColor: HexColor.nullable(),
  /** The name the person gave on My account; null until then (the portal falls back to the email). */
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  token: z.string(),
  /** When the access token expires (ISO 8601); the SPA refreshes before then. */
  expiresAt: z.string(),
  /**
   * True: this person must use two-step verification and has no factor yet, so the session is
   * good only for setting one up (`GET /api/account/mfa` and the set-up endpoints); every other
   * endpoint answers 403 MFA_ENROLMENT_REQUIRED until a factor is added.
   */
  mfaEnrolmentRequired: z.boolean().optional(),
});
export type SignedInPerson = z.infer<typeof SignedInPerson>;

export const ForgotPasswordRequest = z.object({ email: Email });
export const ResetPasswordRequest = z.object({
  token: z.string().min(1).max(512),
  newPassword: NewPassword,
});
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;

/** A mailed link as its holder may learn about it: still usable, and whether it is an invitation. */
export const PasswordLinkRequest = z.object({ token: z.string().min(1).max(512) });
export const PasswordLinkStatus = z.object({
  usable: z.boolean(),
  /** Null for a token that never existed. */
  purpose: z.enum(['reset', 'invite']).nullable(),
});
export type PasswordLinkStatus = z.infer<typeof PasswordLinkStatus>;

/** `POST /api/auth/invitation/renew`: always this one neutral answer, whatever happened. */
export const INVITATION_RENEW_MESSAGE =
  'If this invitation is still open, a new link has been sent to its address';
export const InvitationRenewResponse = z.object({ message: z.literal(INVITATION_RENEW_MESSAGE) });

/** `POST /api/auth/refresh` (refresh cookie in, rotated cookie out): the same body as sign-in. */
export const RefreshResponse = SignedInPerson;
export type RefreshResponse = z.infer<typeof RefreshResponse>;

/** `POST /api/auth/forgot-password`: always this one neutral answer, never who has an account. */
export const FORGOT_PASSWORD_MESSAGE =
  'If an account with that email exists, a reset link has been sent';
export const ForgotPasswordResponse = z.object({ message: z.literal(FORGOT_PASSWORD_MESSAGE) });
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequest>;

/** `POST /api/auth/reset-password` success: the text the portal's toast shows. */
export const PASSWORD_RESET_MESSAGE = 'Password reset successfully! You can now log in.';
export const ResetPasswordResponse = z.object({ message: z.literal(PASSWORD_RESET_MESSAGE) });

/**
 * A path on this origin to go to after an external sign-in: `/admin`, never `//host`, `/\host`
 * or `https://…` (browsers read those as other origins), and no whitespace or control characters
 * (browsers drop tabs and newlines, turning `/\t/host` into `//host`). The SPA applies the same
 * check to `/oauth/callback?redirect=…`.
 */
export const RedirectPath = z
  .string()
  .max(512)
  .regex(/^\/(?![/\\])[^\\\s\p{Cc}]*$/u, 'Must be a path on this site, like /admin');
export const DEFAULT_OIDC_REDIRECT = '/admin';

/** `GET /api/auth/oidc/start?redirect=/admin`: 302 to the identity provider. */
export const OidcStartQuery = z.object({ redirect: RedirectPath.default(DEFAULT_OIDC_REDIRECT) });
export type OidcStartQuery = z.infer<typeof OidcStartQuery>;

/** What the identity provider appends to `GET /api/auth/oidc/callback` (other parameters ignored). */
export const OidcCallbackQuery = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(256).optional(),
});
export type OidcCallbackQuery = z.infer<typeof OidcCallbackQuery>;

/** `GET /api/auth/oidc`: whether the portal offers external sign-in (the login page's button). */
export const OidcStatus = z.object({ enabled: z.boolean() });

/**
 * `POST /api/auth/oidc/exchange`: the one-time sign-in ticket the SPA's /oauth/callback received
 * (valid 60 s, usable once, not an access token) for a session, like sign-in.
 */
export const OidcExchangeRequest = z.object({ token: z.string().min(1).max(512) });
export type OidcExchangeRequest = z.infer<typeof OidcExchangeRequest>;

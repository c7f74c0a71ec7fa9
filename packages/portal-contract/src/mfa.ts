import { z } from 'zod';
import { SignedInPerson } from './auth.ts';
import { Id, Timestamp } from './common.ts';

/**
 * Two-step verification: after the password, a second factor — a code from an authenticator app
 * (TOTP), a one-time recovery code, or a passkey (WebAuthn). The flows are described in
 * docs/security.md ("Two-step verification").
 */

/** How a person can complete the second step. */
export const SecondFactorMethod = z.enum(['totp', 'recovery-code', 'passkey']);
export type SecondFactorMethod = z.infer<typeof SecondFactorMethod>;

/** The six digits an authenticator app shows (spaces a person types between them are removed). */
export const TotpCode = z
  .string()
  .max(32)
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'));

/** A recovery code as typed: case, spaces and dashes do not matter (`abcde-fghij`). */
export const RecoveryCodeInput = z
  .string()
  .max(64)
  .transform((value) => value.replace(/[\s-]+/g, '').toLowerCase())
  .pipe(z.string().regex(/^[a-z0-9]{10}$/, 'Enter one of your recovery codes, like abcde-12345'));

/** Either kind of code, for re-authentication: six digits (app) or a recovery code. */
export const SecondFactorCode = z
  .string()
  .max(64)
  .transform((value) => value.replace(/[\s-]+/g, '').toLowerCase())
  .pipe(
    z
      .string()
      .regex(
        /^(\d{6}|[a-z0-9]{10})$/,
        'Enter the 6-digit code from your authenticator app or a recovery code',
      ),
  );

/** The opaque second-step ticket handed out by sign-in (256 bits, base64url). */
export const SecondFactorTicket = z.string().min(1).max(128);

/** base64url as WebAuthn's JSON encoding uses it. */
const Base64Url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/, 'Must be base64url');

const ClientExtensionResults = z.record(z.string().max(64), z.unknown()).default({});

/**
 * What the browser's `navigator.credentials.create()` gives, as JSON
 * (`PublicKeyCredential.toJSON()`, or @simplewebauthn/browser's `startRegistration`).
 */
export const PasskeyRegistrationCredential = z.object({
  id: Base64Url(1024),
  rawId: Base64Url(1024),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: Base64Url(8192),
    attestationObject: Base64Url(65536),
    transports: z.array(z.string().max(32)).max(16).optional(),
  }),
  clientExtensionResults: ClientExtensionResults,
  authenticatorAttachment: z.string().max(32).optional(),
});
export type PasskeyRegistrationCredential = z.infer<typeof PasskeyRegistrationCredential>;

/** What `navigator.credentials.get()` gives, as JSON (or @simplewebauthn/browser's `startAuthentication`). */
export const PasskeyAssertion = z.object({
  id: Base64Url(1024),
  rawId: Base64Url(1024),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: Base64Url(4096),
    authenticatorData: Base64Url(4096),
    signature: Base64Url(2048),
    userHandle: Base64Url(512).optional(),
  }),
  clientExtensionResults: ClientExtensionResults,
  authenticatorAttachment: z.string().max(32).optional(),
});
export type PasskeyAssertion = z.infer<typeof PasskeyAssertion>;

/**
 * WebAuthn options in their JSON form (`PublicKeyCredentialCreationOptionsJSON` /
 * `PublicKeyCredentialRequestOptionsJSON`): hand `options` as is to
 * `PublicKeyCredential.parseCreationOptionsFromJSON` / `parseRequestOptionsFromJSON`, or to
 * @simplewebauthn/browser as `optionsJSON`. Only the challenge is spelt out here.
 */
export const PasskeyCreationOptions = z.object({
  options: z.looseObject({ challenge: z.string() }),
});
export type PasskeyCreationOptions = z.infer<typeof PasskeyCreationOptions>;
export const PasskeyRequestOptions = z.object({
  options: z.looseObject({ challenge: z.string() }),
});
export type PasskeyRequestOptions = z.infer<typeof PasskeyRequestOptions>;

// ---- sign-in --------------------------------------------------------------------------------

/**
 * `POST /api/auth/login` when the password was right and a second step is needed: no session yet,
 * a ticket for `POST /api/auth/mfa/verify` (single use, about 5 minutes, bound to this person).
 */
export const SecondFactorChallenge = z.object({
  step: z.literal('second-factor'),
  ticket: z.string(),
  /** When the ticket stops working (ISO 8601): after it, sign in with the password again. */
  expiresAt: Timestamp,
  /** What this person can use, in the order the portal offers them. */
  methods: z.array(SecondFactorMethod),
});
export type SecondFactorChallenge = z.infer<typeof SecondFactorChallenge>;

/**
 * `POST /api/auth/login` answers one of two shapes: a session (`SignedInPerson`, no `step`), or
 * the second step (`step: 'second-factor'`). Tell them apart with `'step' in body`.
 */
export const SignInResponse = z.union([SecondFactorChallenge, SignedInPerson]);
export type SignInResponse = z.infer<typeof SignInResponse>;

/** `POST /api/auth/mfa/passkey-options`: the ticket whose passkey sign-in is starting. */
export const SecondFactorTicketRequest = z.object({ ticket: SecondFactorTicket });
export type SecondFactorTicketRequest = z.infer<typeof SecondFactorTicketRequest>;

/**
 * `POST /api/auth/mfa/verify`: the ticket and one factor — `code` for `totp` and `recovery-code`,
 * `credential` (the passkey assertion, after `passkey-options`) for `passkey`.
 */
export const SecondFactorVerifyRequest = z
  .object({
    ticket: SecondFactorTicket,
    method: SecondFactorMethod,
    code: z.string().max(64).optional(),
    credential: PasskeyAssertion.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.method === 'passkey') {
      if (!value.credential)
        ctx.addIssue({ code: 'custom', path: ['credential'], message: 'Use your passkey' });
      return;
    }
    const schema = value.method === 'totp' ? TotpCode : RecoveryCodeInput;
    const parsed = schema.safeParse(value.code ?? '');
    if (!parsed.success) {
      ctx.addIssue({
        code: 'custom',
        path: ['code'],
        message: parsed.error.issues[0]?.message ?? 'Enter the code',
      });
    }
  });
export type SecondFactorVerifyRequest = z.infer<typeof SecondFactorVerifyRequest>;

/** A completed second step: the session, like sign-in, and after a recovery code how many are left. */
export const SecondFactorSignIn = SignedInPerson.extend({
  /** Present when a recovery code was used: how many unused ones remain. */
  recoveryCodesLeft: z.number().int().min(0).optional(),
});
export type SecondFactorSignIn = z.infer<typeof SecondFactorSignIn>;

// ---- My account -----------------------------------------------------------------------------

/** A passkey's label on My account ("MacBook Touch ID"). */
export const PasskeyName = z
  .string()
  .trim()
  .min(1, 'Give the passkey a name')
  .max(64, 'Must be at most 64 characters')
  .regex(/^\P{Cc}*$/u, 'Must not contain control characters such as tabs or line breaks');

export const Passkey = z.object({
  id: Id,
  name: z.string(),
  createdAt: Timestamp,
  /** The last sign-in with it; null: never used since it was added. */
  lastUsedAt: Timestamp.nullable(),
  /** How the browser said it can reach the authenticator (`internal`, `usb`, `hybrid`…). */
  transports: z.array(z.string()),
  /** Synced by its provider (iCloud Keychain, Google Password Manager): survives losing a device. */
  backedUp: z.boolean(),
});
export type Passkey = z.infer<typeof Passkey>;

/** `GET /api/account/mfa`: the signed-in person's second factors and whether one is required. */
export const MfaStatus = z.object({
  /** Their organisation requires it, or they are a super administrator where production does. */
  required: z.boolean(),
  /** Required and none set up yet: this session may only set one up (everything else is 403). */
  enrolmentRequired: z.boolean(),
  totp: z.object({ enabled: z.boolean(), enabledAt: Timestamp.nullable() }),
  passkeys: z.array(Passkey),
  /** Unused recovery codes (0 when there is no factor). */
  recoveryCodes: z.object({ remaining: z.number().int().min(0) }),
});
export type MfaStatus = z.infer<typeof MfaStatus>;

/**
 * `POST /api/account/mfa/totp`: a new secret to put in the authenticator app (scan the URI as a QR
 * code, or type the secret), not in use until confirmed with a code from the app.
 */
export const TotpEnrolment = z.object({
  /** base32, 32 characters (20 random bytes). */
  secret: z.string(),
  /** `otpauth://totp/Canopy:<email>?secret=…&issuer=Canopy&algorithm=SHA1&digits=6&period=30` */
  otpauthUri: z.string(),
});
export type TotpEnrolment = z.infer<typeof TotpEnrolment>;

export const ConfirmTotpRequest = z.object({ code: TotpCode });
export type ConfirmTotpRequest = z.infer<typeof ConfirmTotpRequest>;

/**
 * After a first factor is added: the ten recovery codes, shown once (null when the person already
 * had codes: adding a second factor keeps them).
 */
export const MfaEnrolmentResult = z.object({
  recoveryCodes: z.array(z.string()).nullable(),
});
export type MfaEnrolmentResult = z.infer<typeof MfaEnrolmentResult>;

export const RegisterPasskeyRequest = z.object({
  name: PasskeyName,
  credential: PasskeyRegistrationCredential,
});
export type RegisterPasskeyRequest = z.infer<typeof RegisterPasskeyRequest>;

export const RegisteredPasskey = MfaEnrolmentResult.extend({ passkey: Passkey });
export type RegisteredPasskey = z.infer<typeof RegisteredPasskey>;

export const RenamePasskeyRequest = z.object({ name: PasskeyName });
export type RenamePasskeyRequest = z.infer<typeof RenamePasskeyRequest>;

export const PasskeyIdParams = z.object({ passkeyId: Id });

export const REAUTH_MESSAGE = 'Enter your current password or a code from your authenticator app';

/**
 * Proof that the person at the keyboard is the account's owner, for removing a factor or making
 * new recovery codes: the current password, or a fresh code (app or recovery code). Exactly one.
 */
export const Reauthentication = z
  .object({
    password: z.string().min(1).max(256).optional(),
    code: SecondFactorCode.optional(),
  })
  .superRefine((value, ctx) => {
    if ((value.password === undefined) !== (value.code === undefined)) return;
    ctx.addIssue({ code: 'custom', path: ['password'], message: REAUTH_MESSAGE });
  });
export type Reauthentication = z.infer<typeof Reauthentication>;

/** `POST /api/account/mfa/recovery-codes`: ten new codes; the old ones stop working. */
export const RecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodes>;

// ---- policy and administration --------------------------------------------------------------

/** `GET|PUT /api/tenants/{tenantId}/security`: the organisation's sign-in policy. */
export const TenantSecurity = z.object({
  /** Every person of the tenant must use two-step verification. */
  requireMfa: z.boolean(),
});
export type TenantSecurity = z.infer<typeof TenantSecurity>;

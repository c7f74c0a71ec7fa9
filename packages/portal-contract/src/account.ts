import { z } from 'zod';
import { NewPassword } from './auth.ts';
import { Id } from './common.ts';

/** Longest first or last name, after trimming. */
export const MAX_NAME_LENGTH = 100;

/** Said when only one of the two names is filled in. */
export const NAME_PAIR_MESSAGE = 'Enter both a first and a last name, or leave both empty';

const NamePart = z
  .string()
  .trim()
  .max(MAX_NAME_LENGTH, `Must be at most ${MAX_NAME_LENGTH} characters`)
  // Tabs, newlines and NUL have no place in a name shown on one line (and PostgreSQL refuses NUL).
  .regex(/^\P{Cc}*$/u, 'Must not contain control characters such as tabs or line breaks');

/**
 * `PATCH /api/account`: the person's own display name. Both names are trimmed and set together
 * (1 to 100 characters each), or both sent empty to clear the name: half a name would show as a
 * stray word in the top bar and the chat.
 */
export const UpdateNameRequest = z
  .object({ firstName: NamePart, lastName: NamePart })
  .superRefine((value, ctx) => {
    if ((value.firstName === '') === (value.lastName === '')) return;
    ctx.addIssue({
      code: 'custom',
      path: [value.firstName === '' ? 'firstName' : 'lastName'],
      message: NAME_PAIR_MESSAGE,
    });
  });
export type UpdateNameRequest = z.infer<typeof UpdateNameRequest>;

/**
 * `POST /api/account/password`: the current password proves it is the person at the keyboard; the
 * new one follows the same policy as a reset. The confirmation is checked by the form only.
 */
export const ChangePasswordRequest = z.object({
  currentPassword: z.string().min(1, 'Enter your current password').max(256),
  newPassword: NewPassword,
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

export const PASSWORD_CHANGED_MESSAGE =
  'Password changed. Your other sessions have been signed out.';
export const ChangePasswordResponse = z.object({ message: z.literal(PASSWORD_CHANGED_MESSAGE) });

/** One live session of the signed-in person (`GET /api/account/sessions`). */
export const AccountSession = z.object({
  id: Id,
  /** When the person signed in (ISO 8601). */
  createdAt: z.string(),
  /** The last sign-in or token refresh of this session (ISO 8601). */
  lastUsedAt: z.string(),
  /** The browser's User-Agent at sign-in, as sent (the portal names the browser and system). */
  userAgent: z.string().nullable(),
  /** The address it signed in from. */
  ip: z.string().nullable(),
  /** The session making this request ("This device"). */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof AccountSession>;

/** The current session first, then the most recently used. */
export const AccountSessions = z.object({ sessions: z.array(AccountSession) });
export type AccountSessions = z.infer<typeof AccountSessions>;

export const SessionIdParams = z.object({ sessionId: Id });

import { z } from 'zod';
import { Email, Id, RoleName } from './common.ts';

export const User = z.object({
  id: Id,
  email: z.string(),
  tenantId: Id.nullable(),
  roles: z.array(z.object({ name: z.string() })),
  isSuperAdmin: z.boolean(),
  lastLoggedIn: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  /** `invited` until the person sets a password through their invitation link. */
  status: z.enum(['active', 'invited']),
  /** When the newest invitation link stops working (ISO), for invited people; otherwise null. */
  invitationExpiresAt: z.string().nullable(),
});
export type User = z.infer<typeof User>;

export const UserList = z.object({ users: z.array(User) });

/**
 * The original portal's forms always sent a password (the tenant screen a fixed default one). It
 * is still accepted for shape and never stored: every new account gets an invitation to set its
 * own (server/README.md).
 */
export const CreateUserRequest = z.object({
  email: Email,
  tenantId: Id,
  role: RoleName.default('Viewer'),
  password: z.string().max(256).optional(),
  firstName: z.string().trim().max(100).optional(),
  lastName: z.string().trim().max(100).optional(),
});
export type CreateUserRequest = z.infer<typeof CreateUserRequest>;

/** Most addresses one bulk invitation takes: a form's worth, not a mailing list. */
export const MAX_BULK_INVITES = 50;

/**
 * Several people invited at once, all with one role. Each address is checked on its own (an
 * invalid one is reported, not refused with the whole list), so the items are plain strings here.
 */
export const BulkInviteRequest = z.object({
  emails: z.array(z.string().max(320)).min(1).max(MAX_BULK_INVITES),
  tenantId: Id,
  role: RoleName.default('Viewer'),
});
export type BulkInviteRequest = z.infer<typeof BulkInviteRequest>;

/** What became of one address: invited now, already someone's, or not an email address. */
export const BulkInviteOutcome = z.enum(['created', 'exists', 'invalid']);
export type BulkInviteOutcome = z.infer<typeof BulkInviteOutcome>;

export const BulkInviteResponse = z.object({
  results: z.array(z.object({ email: z.string(), outcome: BulkInviteOutcome })),
});
export type BulkInviteResponse = z.infer<typeof BulkInviteResponse>;

export const UpdateUserRequest = z.object({ role: RoleName });
export type UpdateUserRequest = z.infer<typeof UpdateUserRequest>;

export const UserCount = z.object({ count: z.number().int() });

/**
 * A teammate in the chat's recipient list. `active` is false for someone invited who has not set
 * a password yet: they cannot sign in to read anything, so the widget does not offer them.
 */
export const ChatContact = z.object({
  id: Id,
  email: z.string(),
  active: z.boolean(),
  /** The name they gave on My account, or null: the widget then derives one from the email. */
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
});
export const ChatContacts = z.array(ChatContact);

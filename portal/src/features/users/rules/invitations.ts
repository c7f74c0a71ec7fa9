import { Email, MAX_BULK_INVITES, RoleName } from '@canopy/portal-contract';
import { z } from 'zod';
import { filled } from '../../../shared/forms/form-rules.ts';

/**
 * The addresses typed or pasted into the Add New User email field: one per line, or separated by
 * commas or semicolons (as mail programs copy them). Blank pieces are dropped; each address is
 * checked by the server, which answers per address.
 */
export function parseEmailList(text: string): string[] {
  return text
    .split(/[\n\r,;]+/)
    .map((piece) => piece.trim())
    .filter((piece) => piece.length > 0);
}

/** More than one address goes to the bulk invitation, up to the server's limit. */
export const tooManyEmails = (emails: readonly string[]) => emails.length > MAX_BULK_INVITES;
export const TOO_MANY_EMAILS_TEXT = `At most ${MAX_BULK_INVITES} addresses at once`;

/**
 * Add New User: the email field is required; one address must pass the contract's Email (several
 * go to the bulk invitation, which the server checks address by address), and a list is at most
 * the bulk invitation's limit.
 */
export const AddUserForm = z.object({
  email: filled('Email is required').superRefine((text, ctx) => {
    const emails = parseEmailList(text);
    if (tooManyEmails(emails)) ctx.addIssue({ code: 'custom', message: TOO_MANY_EMAILS_TEXT });
    if (emails.length > 1) return;
    const single = Email.safeParse(emails[0] ?? '');
    for (const issue of single.error?.issues.slice(0, 1) ?? [])
      ctx.addIssue({ code: 'custom', message: issue.message });
  }),
  role: RoleName,
});

const DAY_MONTH_YEAR = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/**
 * What an invited person's row says about their link: the day it stops working, or that it has
 * (they then need a new one: Resend). Nothing when the date is missing or unreadable.
 */
export function invitationText(expiresAt: string | null, now: Date = new Date()): string | null {
  if (!expiresAt) return null;
  const date = new Date(expiresAt);
  if (Number.isNaN(date.getTime())) return null;
  return date.getTime() <= now.getTime()
    ? 'Invitation expired'
    : `Invitation expires ${DAY_MONTH_YEAR.format(date)}`;
}

/** The per-address result, in words, after a bulk invitation. */
export const OUTCOME_TEXT = {
  created: 'Invited',
  exists: 'Already has an account',
  invalid: 'Not a valid email address',
} as const;

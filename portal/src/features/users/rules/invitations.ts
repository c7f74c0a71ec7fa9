import { MAX_BULK_INVITES } from '@canopy/portal-contract';
import { isEmail } from '../../../shared/rules/validation.ts';

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

/**
 * The field's error when it holds at most one address (several go to the bulk invitation, which
 * the server checks per address): it is required, and must look like an email address.
 */
export function singleEmailError(text: string): string | undefined {
  if (!text.trim()) return 'Email is required';
  if (!isEmail(parseEmailList(text)[0] ?? '')) return 'Please enter a valid email address';
  return undefined;
}

/** More than one address goes to the bulk invitation, up to the server's limit. */
export const tooManyEmails = (emails: readonly string[]) => emails.length > MAX_BULK_INVITES;
export const TOO_MANY_EMAILS_TEXT = `At most ${MAX_BULK_INVITES} addresses at once`;

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

import type { ChatContacts } from '@canopy/portal-contract';
import type { z } from 'zod';

/** One teammate of the chat contacts (`endpoints.listChatContacts`). */
export type ChatContact = z.infer<typeof ChatContacts>[number];

export type RecipientState =
  { kind: 'none' } | { kind: 'invalid'; reason: string } | { kind: 'valid'; contact: ChatContact };

/** Said when the chosen recipient is the person themselves. */
export const CANNOT_CHAT_WITH_YOURSELF = 'Cannot chat with yourself';

/** Said when the remembered recipient was invited but has not activated their account. */
export const NOT_ACTIVATED =
  'This person has not activated their account yet, so they cannot read messages.';

/**
 * What the chosen (or remembered) recipient means: nobody yet, a teammate, or an invalid choice
 * (ourselves, someone no longer in the team list, or someone invited who never signed in).
 */
export function recipientState(
  recipientId: string | null,
  me: string,
  contacts: readonly ChatContact[] | undefined,
): RecipientState {
  if (!recipientId) return { kind: 'none' };
  if (recipientId === me) return { kind: 'invalid', reason: CANNOT_CHAT_WITH_YOURSELF };
  if (!contacts) return { kind: 'none' };
  const contact = contacts.find((c) => c.id === recipientId);
  if (!contact)
    return {
      kind: 'invalid',
      reason: 'This person is no longer in your team. Choose someone else.',
    };
  if (!contact.active) return { kind: 'invalid', reason: NOT_ACTIVATED };
  return { kind: 'valid', contact };
}

/**
 * The select's options: active teammates without ourselves, by email. People invited who never
 * set a password are left out: a message to them would reach nobody.
 */
export const teammates = (contacts: readonly ChatContact[], me: string) =>
  contacts.filter((c) => c.id !== me && c.active).sort((a, b) => a.email.localeCompare(b.email));

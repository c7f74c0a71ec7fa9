import { REACTION_EMOJIS, type ReactionEmoji } from '@canopy/portal-contract';
import { avatarInitials } from '../../../shared/rules/roles.ts';
import type { ShownMessage } from './message-merge.ts';

/** Avatar initials: first two letters of the email's local part, upper-case, as in the top bar. */
export const chatInitials = avatarInitials;

/** Message time as HH:mm (24 h, local time). */
export function messageTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

/** The local calendar day of a timestamp (for day separators), or '' for an invalid one. */
export function dayOf(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`;
}

/**
 * The separator above the first message of each day: HH:mm alone does not say which day a message
 * is from. "Today", "Yesterday", else a US short date ("Mon, Nov 23"; with the year if not this one).
 */
export function dayLabel(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  if (dayOf(iso) === dayOf(now.toISOString())) return 'Today';
  if (dayOf(iso) === dayOf(yesterday.toISOString())) return 'Yesterday';
  return date.toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    ...(date.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
  });
}

export type Ticks = 'none' | 'sent' | 'read';

/**
 * A single tick once sent, a double green tick when readBy has more than one entry (the
 * sender and the reader). Only our own messages carry ticks; a pending one has none yet.
 */
export function ticksOf(message: ShownMessage, me: string): Ticks {
  if (message.senderId !== me || message.pending) return 'none';
  return message.readBy.length > 1 ? 'read' : 'sent';
}

export interface ReactionCount {
  emoji: ReactionEmoji;
  count: number;
  /** The signed-in person is among them (their tap removes it). */
  mine: boolean;
  emails: string[];
}

/** Reactions grouped per emoji, in the picker's order. */
export function reactionCounts(message: ShownMessage, myEmail: string): ReactionCount[] {
  return REACTION_EMOJIS.flatMap((emoji) => {
    const emails = message.reactions.filter((r) => r.emoji === emoji).map((r) => r.user.email);
    if (emails.length === 0) return [];
    const mine = emails.some((e) => e.toLowerCase() === myEmail.toLowerCase());
    return [{ emoji, count: emails.length, mine, emails }];
  });
}

/** The optimistic toggle: our reaction added or removed before the server confirms. */
export function toggleReactionLocally(
  message: ShownMessage,
  emoji: ReactionEmoji,
  myEmail: string,
): ShownMessage {
  const mine = (r: ShownMessage['reactions'][number]) =>
    r.emoji === emoji && r.user.email.toLowerCase() === myEmail.toLowerCase();
  const reactions = message.reactions.some(mine)
    ? message.reactions.filter((r) => !mine(r))
    : [...message.reactions, { emoji, user: { email: myEmail } }];
  return { ...message, reactions };
}

const EMOJI_NAMES: Record<ReactionEmoji, string> = {
  '👍': 'thumbs up',
  '❤️': 'heart',
  '😂': 'laugh',
  '😮': 'surprised',
  '😢': 'sad',
  '😠': 'angry',
};
/** A reaction's name, for screen readers. */
export const emojiName = (emoji: ReactionEmoji) => EMOJI_NAMES[emoji];

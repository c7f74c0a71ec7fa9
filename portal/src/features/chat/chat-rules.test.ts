import { conversationKeyOf } from '@canopy/portal-contract';
import { describe, expect, it } from 'vitest';
import {
  canSend,
  composerHeight,
  enterAction,
  isImageFile,
  sizeInMb,
} from './rules/composer-rules.ts';
import {
  chatInitials,
  dayLabel,
  dayOf,
  messageTime,
  reactionCounts,
  ticksOf,
  toggleReactionLocally,
} from './rules/message-display.ts';
import {
  applyRead,
  mayHaveEarlier,
  replaceConfirmed,
  confirmPending,
  mergeIncoming,
  removePending,
  sinceOf,
  unreadFromOthers,
  type ShownMessage,
} from './rules/message-merge.ts';
import { shouldAskPermission, shouldNotify } from './rules/notification-rules.ts';
import {
  loadMessages,
  loadWithFallback,
  messagesKey,
  readLastRecipient,
  saveMessages,
  writeLastRecipient,
} from './rules/offline-store.ts';
import { reconnectDelay } from './rules/reconnect-delay.ts';
import { recipientState, teammates } from './rules/recipient-rules.ts';

const ME = '11111111-1111-4111-8111-111111111111';
const YOU = '22222222-2222-4222-8222-222222222222';
const CONV = '33333333-3333-4333-8333-333333333333';

const message = (seq: number, over: Partial<ShownMessage> = {}): ShownMessage => ({
  id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
  conversationId: CONV,
  senderId: ME,
  content: `message ${seq}`,
  imageUrl: null,
  createdAt: new Date(Date.UTC(2026, 10, 25, 9, 0, seq)).toISOString(),
  readBy: [{ id: over.senderId ?? ME }],
  reactions: [],
  cursor: `c${seq}`,
  ...over,
});
const pending = (clientId: string, content: string): ShownMessage => ({
  ...message(0, { content }),
  id: clientId,
  cursor: '',
  conversationId: '',
  pending: true,
});

/** A Storage in memory (happy-dom's localStorage works too; this one can be made to fail). */
function memoryStorage(failing = false) {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      if (failing) throw new DOMException('quota', 'QuotaExceededError');
      items.set(key, value);
    },
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('avatar initials and conversation key', () => {
  it('takes the first two letters of the email local part, upper-case', () => {
    expect(chatInitials('ann.admin@acme.test')).toBe('AN');
    expect(chatInitials('v@acme.test')).toBe('V');
    expect(chatInitials('Zoe@x.io')).toBe('ZO');
  });
  it('sorts the two ids and joins them with an underscore, whoever asks', () => {
    expect(conversationKeyOf(YOU, ME)).toBe(`${ME}_${YOU}`);
    expect(conversationKeyOf(ME, YOU)).toBe(`${ME}_${YOU}`);
    expect(conversationKeyOf(YOU.toUpperCase(), ME)).toBe(`${ME}_${YOU}`);
  });
});

describe('message display', () => {
  it('shows the time as HH:mm, 24 hours, local time', () => {
    const at = new Date(2026, 0, 2, 7, 5).toISOString();
    expect(messageTime(at)).toBe('07:05');
    expect(messageTime(new Date(2026, 0, 2, 23, 59).toISOString())).toBe('23:59');
    expect(messageTime('not a date')).toBe('');
  });

  it('labels each day: Today, Yesterday, a short date (with the year only when not this one)', () => {
    const now = new Date(2026, 10, 25, 9, 30);
    expect(dayLabel(new Date(2026, 10, 25, 0, 1).toISOString(), now)).toBe('Today');
    expect(dayLabel(new Date(2026, 10, 24, 23, 59).toISOString(), now)).toBe('Yesterday');
    expect(dayLabel(new Date(2026, 10, 23, 12).toISOString(), now)).toBe('Mon, Nov 23');
    expect(dayLabel(new Date(2025, 11, 31, 12).toISOString(), now)).toBe('Wed, Dec 31, 2025');
    // Yesterday across a month boundary.
    expect(dayLabel(new Date(2026, 10, 30, 8).toISOString(), new Date(2026, 11, 1, 8))).toBe(
      'Yesterday',
    );
    expect(dayOf(new Date(2026, 10, 25, 0, 0).toISOString())).toBe(
      dayOf(new Date(2026, 10, 25, 23, 59).toISOString()),
    );
    expect(dayLabel('not a date', now)).toBe('');
  });

  it('ticks: none on others and pending, one once sent, two when readBy has more than one', () => {
    expect(ticksOf(message(1), ME)).toBe('sent');
    expect(ticksOf(message(1, { readBy: [{ id: ME }, { id: YOU }] }), ME)).toBe('read');
    expect(ticksOf(message(1, { senderId: YOU }), ME)).toBe('none');
    expect(ticksOf(pending('tmp-1', 'hi'), ME)).toBe('none');
  });

  it('counts reactions per emoji in picker order and toggles our own', () => {
    const m = message(1, {
      reactions: [
        { emoji: '❤️', user: { email: 'you@x.test' } },
        { emoji: '👍', user: { email: 'you@x.test' } },
        { emoji: '👍', user: { email: 'me@x.test' } },
      ],
    });
    expect(reactionCounts(m, 'ME@x.test')).toEqual([
      { emoji: '👍', count: 2, mine: true, emails: ['you@x.test', 'me@x.test'] },
      { emoji: '❤️', count: 1, mine: false, emails: ['you@x.test'] },
    ]);
    const removed = toggleReactionLocally(m, '👍', 'me@x.test');
    expect(reactionCounts(removed, 'me@x.test')[0]).toMatchObject({ emoji: '👍', count: 1 });
    const added = toggleReactionLocally(removed, '😮', 'me@x.test');
    expect(reactionCounts(added, 'me@x.test').map((r) => r.emoji)).toEqual(['👍', '❤️', '😮']);
  });
});

describe('pending → confirmed or removed', () => {
  it('confirms a pending message once, even when a poll already brought it', () => {
    const shown = [message(1), pending('tmp-a', 'hello')];
    const stored = message(2, { content: 'hello' });
    const confirmed = confirmPending(shown, 'tmp-a', stored);
    expect(confirmed.map((m) => m.id)).toEqual([message(1).id, stored.id]);
    expect(confirmed.some((m) => m.pending)).toBe(false);
    // The stream's fetch won the race: the twin replaced the pending one; the reply changes nothing.
    const polled = mergeIncoming(shown, [stored], ME);
    expect(polled.map((m) => m.id)).toEqual([message(1).id, stored.id]);
    expect(confirmPending(polled, 'tmp-a', stored)).toHaveLength(2);
  });

  it('matches the twin across CRLF line breaks (multipart sends CRLF) and image or not', () => {
    const shown = [pending('tmp-a', 'two\nlines'), pending('tmp-b', 'two\nlines')];
    const stored = message(5, { content: 'two\r\nlines' });
    const merged = mergeIncoming(shown, [stored], ME);
    expect(merged.map((m) => m.id)).toEqual([stored.id, 'tmp-b']);
    const withImage = message(6, { content: 'two\r\nlines', imageUrl: '/img' });
    expect(mergeIncoming(shown, [withImage], ME).filter((m) => m.pending)).toHaveLength(2);
  });

  it("never takes the other person's message for our pending one", () => {
    const merged = mergeIncoming(
      [pending('tmp-a', 'hi')],
      [message(3, { senderId: YOU, content: 'hi' })],
      ME,
    );
    expect(merged.map((m) => m.pending ?? false)).toEqual([false, true]);
  });

  it('removes a failed one and keeps the rest in server order, pending last', () => {
    const shown = [pending('tmp-a', 'a'), message(2)];
    expect(removePending(shown, 'tmp-a')).toEqual([message(2)]);
    const merged = mergeIncoming(shown, [message(4), message(3)], ME);
    expect(merged.map((m) => m.cursor)).toEqual(['c2', 'c3', 'c4', '']);
  });

  it('replaces a known message (reactions and read marks change)', () => {
    const updated = message(2, { reactions: [{ emoji: '👍', user: { email: 'y@x' } }] });
    const merged = mergeIncoming([message(2)], [updated], ME);
    expect(merged).toEqual([updated]);
  });

  it("read events add the reader to readBy once; our unread are the other person's only", () => {
    const shown = [message(1), message(2, { senderId: YOU }), message(3, { senderId: YOU })];
    expect(unreadFromOthers(shown, ME).map((m) => m.cursor)).toEqual(['c2', 'c3']);
    const read = applyRead(shown, ME, [shown[1]!.id.toUpperCase()]);
    expect(unreadFromOthers(read, ME).map((m) => m.cursor)).toEqual(['c3']);
    expect(applyRead(read, ME, [shown[1]!.id])[1]!.readBy).toHaveLength(2);
  });
});

describe('earlier messages', () => {
  it('a reload keeps the older messages loaded above its page, and what is pending', () => {
    const shown = [message(1), message(2), message(3), pending('tmp-1', 'on its way')];
    const reloaded = replaceConfirmed(shown, [message(2, { content: 'edited' }), message(3)], ME);
    expect(reloaded.map((m) => m.content)).toEqual([
      'message 1',
      'edited',
      'message 3',
      'on its way',
    ]);
  });

  it('a full page may have older ones; a shorter one has none', () => {
    expect(mayHaveEarlier(200)).toBe(true);
    expect(mayHaveEarlier(199)).toBe(false);
  });
});

describe('since: where the next poll starts', () => {
  it('prefers the server cursor, then the newest confirmed message, else from the start', () => {
    const shown = [message(1), message(7), pending('tmp-a', 'x')];
    expect(sinceOf(shown, 'c9')).toBe('c9');
    expect(sinceOf(shown, null)).toBe('c7');
    expect(sinceOf([{ ...message(2), cursor: '' }], null)).toBe(message(2).createdAt);
    expect(sinceOf([pending('tmp-a', 'x')], null)).toBeNull();
    expect(sinceOf([], null)).toBeNull();
  });
});

describe('notifications', () => {
  const base = {
    permission: 'granted' as const,
    senderId: YOU,
    me: ME,
    documentHidden: true,
    panelOpen: true,
  };
  it('only with permission granted and never for our own messages', () => {
    expect(shouldNotify(base)).toBe(true);
    expect(shouldNotify({ ...base, permission: 'default' })).toBe(false);
    expect(shouldNotify({ ...base, permission: 'denied' })).toBe(false);
    expect(shouldNotify({ ...base, permission: 'unsupported' })).toBe(false);
    expect(shouldNotify({ ...base, senderId: ME })).toBe(false);
  });
  it('only when the tab is hidden or the panel does not show the conversation', () => {
    expect(shouldNotify({ ...base, documentHidden: false, panelOpen: true })).toBe(false);
    expect(shouldNotify({ ...base, documentHidden: false, panelOpen: false })).toBe(true);
  });
  it('asks for permission only while it is "default"', () => {
    expect(shouldAskPermission('default')).toBe(true);
    expect(shouldAskPermission('granted')).toBe(false);
    expect(shouldAskPermission('denied')).toBe(false);
  });
});

describe('offline copy', () => {
  const key = `${ME}_${YOU}`;
  it('saves under messages_<key> and uses the stored copy when loading fails', async () => {
    const storage = memoryStorage();
    const loaded = await loadWithFallback(storage, key, () =>
      Promise.resolve([message(1), message(2)]),
    );
    expect(loaded).toEqual({ messages: [message(1), message(2)], offline: false });
    expect(storage.items.has(messagesKey(key))).toBe(true);
    expect(messagesKey(key)).toBe(`messages_${key}`);
    const failed = await loadWithFallback(storage, key, () => Promise.reject(new Error('down')));
    expect(failed).toEqual({ messages: [message(1), message(2)], offline: true });
  });
  it('a 404 (no conversation yet) is not offline; nothing stored means an empty offline list', async () => {
    const storage = memoryStorage();
    expect(await loadWithFallback(storage, key, () => Promise.resolve(null))).toEqual({
      messages: null,
      offline: false,
    });
    expect(await loadWithFallback(storage, key, () => Promise.reject(new Error('x')))).toEqual({
      messages: [],
      offline: true,
    });
  });
  it('ignores a damaged copy and a full quota', () => {
    const storage = memoryStorage();
    storage.items.set(messagesKey(key), '{not json');
    expect(loadMessages(storage, key)).toEqual([]);
    storage.items.set(messagesKey(key), JSON.stringify([{ id: 1 }]));
    expect(loadMessages(storage, key)).toEqual([]);
    expect(() => saveMessages(memoryStorage(true), key, [message(1)])).not.toThrow();
  });
  it('remembers the last recipient under lastRecipient', () => {
    const storage = memoryStorage();
    expect(readLastRecipient(storage)).toBeNull();
    writeLastRecipient(storage, YOU);
    expect(storage.items.get('lastRecipient')).toBe(YOU);
    expect(readLastRecipient(storage)).toBe(YOU);
  });
});

describe('composer rules', () => {
  it('clamps the height to 40–120 px', () => {
    expect(composerHeight(0)).toBe(40);
    expect(composerHeight(39.2)).toBe(40);
    expect(composerHeight(64.1)).toBe(65);
    expect(composerHeight(120)).toBe(120);
    expect(composerHeight(800)).toBe(120);
  });
  it('Enter sends, Shift+Enter and composing Enter add a line, other keys do nothing', () => {
    expect(enterAction({ key: 'Enter', shiftKey: false })).toBe('send');
    expect(enterAction({ key: 'Enter', shiftKey: true })).toBe('newline');
    expect(enterAction({ key: 'Enter', shiftKey: false, isComposing: true })).toBe('newline');
    expect(enterAction({ key: 'a', shiftKey: false })).toBe('none');
  });
  it('needs non-blank text or an image; images only; size in MB', () => {
    const image = new File([new Uint8Array(10)], 'a.png', { type: 'image/png' });
    expect(canSend('  \n ', null)).toBe(false);
    expect(canSend(' hi ', null)).toBe(true);
    expect(canSend('', image)).toBe(true);
    expect(isImageFile(image)).toBe(true);
    expect(isImageFile({ type: 'application/pdf' })).toBe(false);
    expect(isImageFile({ type: '' })).toBe(false);
    expect(sizeInMb(1_572_864)).toBe('1.50 MB');
    expect(sizeInMb(1234)).toBe('< 0.01 MB');
    expect(sizeInMb(0)).toBe('0.00 MB');
  });
});

describe('recipient and the stream backoff', () => {
  const contacts = [
    { id: YOU, email: 'zed@x.test', active: true, firstName: null, lastName: null },
    { id: ME, email: 'me@x.test', active: true, firstName: null, lastName: null },
    { id: CONV, email: 'amy@x.test', active: true, firstName: null, lastName: null },
  ];
  it('none, valid, yourself ("Cannot chat with yourself") or no longer in the team', () => {
    expect(recipientState(null, ME, contacts)).toEqual({ kind: 'none' });
    expect(recipientState(YOU, ME, contacts)).toEqual({ kind: 'valid', contact: contacts[0] });
    expect(recipientState(ME, ME, undefined)).toEqual({
      kind: 'invalid',
      reason: 'Cannot chat with yourself',
    });
    expect(recipientState('gone', ME, contacts).kind).toBe('invalid');
    expect(recipientState('gone', ME, undefined)).toEqual({ kind: 'none' });
  });
  it('lists teammates without yourself, by email', () => {
    expect(teammates(contacts, ME).map((c) => c.email)).toEqual(['amy@x.test', 'zed@x.test']);
  });
  it('waits 1, 2, 4 … seconds between stream attempts, at most 30', () => {
    expect([0, 1, 2, 5, 10].map(reconnectDelay)).toEqual([1000, 2000, 4000, 30_000, 30_000]);
  });
});

import { expressionBuilder, sql, type Expression, type Kysely } from 'kysely';
import { jsonBuildObject } from 'kysely/helpers/postgres';
import type { Database, Db } from '../../db/database.ts';

/** A message as the queries return it, reactions already joined with their authors' emails. */
export interface MessageRow {
  id: string;
  seq: number;
  conversation_id: string;
  sender_id: string;
  content: string;
  image_key: string | null;
  created_at: Date;
  read_at: Date | null;
  reactions: { emoji: string; email: string }[];
}

/** Where a page starts: after a sequence number, after a timestamp, or from the beginning. */
export type Cursor = { seq: number } | { after: Date } | null;

export interface Pair {
  tenantId: string;
  key: string;
  /** Sorted: userA < userB. */
  userA: string;
  userB: string;
  partnerId: string;
}

/** The columns of a message, on `messages as m` (its reactions are `reactionsOf`). */
const messageColumns = [
  'm.id',
  'm.seq',
  'm.conversation_id',
  'm.sender_id',
  'm.content',
  'm.image_key',
  'm.created_at',
  'm.read_at',
] as const;

/** For the expressions several queries share; each query's own builder knows the same tables. */
const eb = expressionBuilder<Database, never>();

/** A message's reactions with their authors' emails, in the order they were made; [] when none. */
const reactionsOf = (messageId: Expression<string | null>) =>
  eb.fn.coalesce(
    eb
      .selectFrom('message_reactions as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select((r) =>
        r.fn
          .jsonAgg(jsonBuildObject({ emoji: r.ref('r.emoji'), email: r.ref('u.email') }))
          .orderBy('r.created_at')
          .orderBy('r.emoji')
          .as('reactions'),
      )
      .where('r.message_id', '=', messageId)
      .$asScalar(),
    eb.cast<MessageRow['reactions']>(eb.val('[]'), 'json'),
  );

/** Which messages of a conversation a window reads: after or before a point, or any. */
type Range = { seqAbove: number } | { createdAfter: Date } | { seqBelow: number } | null;

type Window = { conversationId: string | null; messages: MessageRow[] } | null;

/**
 * One statement for every read of a conversation: checks that the partner is a person of the
 * tenant, finds the conversation and reads up to `limit` messages in `range`, taken from the
 * oldest or the newest end and returned oldest first. No row: the partner is not a chat partner
 * (unknown, another tenant's, a super administrator). One row with a null id: no message matches.
 */
async function readWindow(
  db: Db,
  pair: Pair,
  range: Range,
  from: 'oldest' | 'newest',
  limit: number,
): Promise<Window> {
  const rows = await db
    .selectFrom('users as p')
    .leftJoin('conversations as c', (join) =>
      join.on('c.key', '=', pair.key).on('c.tenant_id', '=', pair.tenantId),
    )
    .leftJoinLateral(
      (lateral) => {
        let messages = lateral
          .selectFrom('messages as m')
          .selectAll('m')
          .whereRef('m.conversation_id', '=', 'c.id');
        if (range && 'seqAbove' in range) messages = messages.where('m.seq', '>', range.seqAbove);
        if (range && 'createdAfter' in range) {
          messages = messages.where('m.created_at', '>', range.createdAfter);
        }
        if (range && 'seqBelow' in range) messages = messages.where('m.seq', '<', range.seqBelow);
        return messages
          .orderBy('m.seq', from === 'oldest' ? 'asc' : 'desc')
          .limit(limit)
          .as('m');
      },
      (join) => join.onTrue(),
    )
    .select((row) => [
      'c.id as conv_id',
      ...messageColumns,
      // The no-message row (a conversation with nothing in range) needs no reactions look-up.
      row
        .case()
        .when('m.id', 'is', null)
        .then(null)
        .else(reactionsOf(row.ref('m.id')))
        .end()
        .as('reactions'),
    ])
    .where('p.id', '=', pair.partnerId)
    .where('p.tenant_id', '=', pair.tenantId)
    .where((row) => row.not(row.ref('p.is_super_admin')))
    .orderBy('m.seq')
    .execute();
  const [first] = rows;
  if (!first) return null;
  return {
    conversationId: first.conv_id,
    // A left join's columns are null together: a row with an id is a whole message.
    messages: rows
      .filter((row) => row.id !== null)
      .map(({ conv_id: _, ...message }) => message as MessageRow),
  };
}

/** The poll: one page after the cursor (see readWindow for what null means). */
export const readPage = (db: Db, pair: Pair, cursor: Cursor, limit: number): Promise<Window> =>
  readWindow(
    db,
    pair,
    cursor === null
      ? null
      : 'seq' in cursor
        ? { seqAbove: cursor.seq }
        : { createdAfter: cursor.after },
    'oldest',
    limit,
  );

/**
 * The newest `limit` messages of a conversation (older than `beforeSeq` when given), oldest first;
 * null when the partner is not a chat partner.
 */
export const readLatest = (
  db: Db,
  pair: Pair,
  limit: number,
  beforeSeq?: number,
): Promise<Window> =>
  readWindow(db, pair, beforeSeq === undefined ? null : { seqBelow: beforeSeq }, 'newest', limit);

/** Whether the partner is a person of the tenant who may be chatted with. */
export async function isChatPartner(db: Db, tenantId: string, partnerId: string) {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', partnerId)
    .where('tenant_id', '=', tenantId)
    .where('is_super_admin', '=', false)
    .executeTakeFirst();
  return row !== undefined;
}

export async function findConversationId(db: Db, pair: Pair): Promise<string | null> {
  const row = await db
    .selectFrom('conversations')
    .select('id')
    .where('key', '=', pair.key)
    .where('tenant_id', '=', pair.tenantId)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** The clock (not the transaction's start, as now() is) in whole milliseconds. */
const nowInMilliseconds = () =>
  eb.fn<Date>('date_trunc', [eb.val('milliseconds'), eb.fn('clock_timestamp')]);

/**
 * Creates the conversation or locks its row until the transaction ends, and hands out the next
 * message timestamp: now in whole milliseconds, or 1 ms after the previous one if that is later.
 * The lock serialises sends within one conversation, so timestamps and `seq` grow together.
 */
export async function lockConversation(
  trx: Db,
  pair: Pair,
): Promise<{ id: string; timestamp: Date }> {
  // Kysely types `+` as arithmetic between values of one type: timestamp + interval stays SQL.
  const afterLast = sql<Date>`conversations.last_message_at + interval '1 millisecond'`;
  return trx
    .insertInto('conversations')
    .values({
      tenant_id: pair.tenantId,
      key: pair.key,
      user_a: pair.userA,
      user_b: pair.userB,
      last_message_at: nowInMilliseconds(),
    })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        last_message_at: eb.fn<Date>('greatest', [nowInMilliseconds(), afterLast]),
      }),
    )
    .returning(['id', 'last_message_at as timestamp'])
    .executeTakeFirstOrThrow() as Promise<{ id: string; timestamp: Date }>;
}

export function findMessageByClientId(
  db: Db,
  conversationId: string,
  senderId: string,
  clientId: string,
): Promise<MessageRow | undefined> {
  return db
    .selectFrom('messages as m')
    .select((row) => [...messageColumns, reactionsOf(row.ref('m.id')).as('reactions')])
    .where('m.conversation_id', '=', conversationId)
    .where('m.sender_id', '=', senderId)
    .where('m.client_id', '=', clientId)
    .executeTakeFirst();
}

export async function insertMessage(
  db: Db,
  values: {
    conversationId: string;
    senderId: string;
    content: string;
    imageKey: string | null;
    clientId: string | null;
    createdAt: Date;
  },
): Promise<MessageRow> {
  const row = await db
    .insertInto('messages')
    .values({
      conversation_id: values.conversationId,
      sender_id: values.senderId,
      content: values.content,
      image_key: values.imageKey,
      client_id: values.clientId,
      created_at: values.createdAt,
    })
    .returning([
      'id',
      'seq',
      'conversation_id',
      'sender_id',
      'content',
      'image_key',
      'created_at',
      'read_at',
    ])
    .executeTakeFirstOrThrow();
  return { ...row, reactions: [] };
}

/** Marks the listed messages the OTHER person sent in this conversation as read; returns their ids. */
export async function markRead(
  db: Db,
  conversationId: string,
  readerId: string,
  messageIds: string[],
): Promise<string[]> {
  if (messageIds.length === 0) return [];
  const rows = await db
    .updateTable('messages')
    .set((row) => ({ read_at: row.fn<Date>('now') }))
    .where('conversation_id', '=', conversationId)
    .where('sender_id', '<>', readerId)
    .where('read_at', 'is', null)
    .where('id', 'in', messageIds)
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * A message of a conversation of the tenant that `userId` takes part in, locked until the
 * transaction ends (changes to its reactions take turns).
 */
export function lockParticipantMessage(
  db: Db,
  tenantId: string,
  userId: string,
  messageId: string,
) {
  return db
    .selectFrom('messages as m')
    .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
    .select(['m.id', 'c.id as conversationId', 'c.key', 'c.user_a', 'c.user_b'])
    .where('m.id', '=', messageId)
    .where('c.tenant_id', '=', tenantId)
    .where((eb) => eb.or([eb('c.user_a', '=', userId), eb('c.user_b', '=', userId)]))
    .forUpdate('m')
    .executeTakeFirst();
}

/** Removes the reaction if it is there, else adds it; returns which. */
export async function toggleReaction(
  db: Db,
  messageId: string,
  userId: string,
  emoji: string,
): Promise<'added' | 'removed'> {
  const removed = await db
    .deleteFrom('message_reactions')
    .where('message_id', '=', messageId)
    .where('user_id', '=', userId)
    .where('emoji', '=', emoji)
    .executeTakeFirst();
  if (removed.numDeletedRows > 0n) return 'removed';
  await db
    .insertInto('message_reactions')
    .values({ message_id: messageId, user_id: userId, emoji })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return 'added';
}

export type ChatDb = Kysely<Database>;

/**
 * Before a person is deleted: the file records of the images in their conversations (which cascade
 * away with them). Returns the storage keys to remove once the transaction has committed.
 */
export async function deleteConversationImages(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .deleteFrom('files')
    .where('purpose', '=', 'chat-image')
    .where('key', 'in', (eb) =>
      eb
        .selectFrom('messages as m')
        .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
        .select('m.image_key')
        .where((w) => w.or([w('c.user_a', '=', userId), w('c.user_b', '=', userId)]))
        .where('m.image_key', 'is not', null),
    )
    .returning('key')
    .execute();
  return rows.map((row) => row.key);
}

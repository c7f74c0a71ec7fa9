import { sql, type Kysely, type RawBuilder } from 'kysely';
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

const reactionsOf = sql<MessageRow['reactions']>`coalesce((
  select json_agg(json_build_object('emoji', r.emoji, 'email', u.email) order by r.created_at, r.emoji)
  from message_reactions r join users u on u.id = r.user_id
  where r.message_id = m.id), '[]'::json)`;

const cursorCondition = (cursor: Cursor) =>
  cursor === null
    ? sql`true`
    : 'seq' in cursor
      ? sql`m.seq > ${cursor.seq}`
      : sql`m.created_at > ${cursor.after}`;

type Window = { conversationId: string | null; messages: MessageRow[] } | null;

/**
 * One statement for every read of a conversation: checks that the partner is a person of the
 * tenant, finds the conversation and reads up to `limit` messages matching `where`, taken from the
 * oldest or the newest end and returned oldest first. No row: the partner is not a chat partner
 * (unknown, another tenant's, a super administrator). One row with a null id: no message matches.
 */
async function readWindow(
  db: Db,
  pair: Pair,
  where: RawBuilder<unknown>,
  from: 'oldest' | 'newest',
  limit: number,
): Promise<Window> {
  const order = from === 'oldest' ? sql`m.seq` : sql`m.seq desc`;
  const { rows } = await sql<MessageRow & { conv_id: string | null }>`
    select c.id as conv_id, m.id, m.seq, m.conversation_id, m.sender_id, m.content, m.image_key,
      m.created_at, m.read_at, case when m.id is null then null else ${reactionsOf} end as reactions
    from users p
    left join conversations c on c.key = ${pair.key} and c.tenant_id = ${pair.tenantId}
    left join lateral (
      select * from messages m
      where m.conversation_id = c.id and ${where}
      order by ${order} limit ${limit}
    ) m on true
    where p.id = ${pair.partnerId} and p.tenant_id = ${pair.tenantId} and not p.is_super_admin
    order by m.seq`.execute(db);
  const [first] = rows;
  if (!first) return null;
  return {
    conversationId: first.conv_id,
    messages: rows.filter((row) => row.id !== null),
  };
}

/** The poll: one page after the cursor (see readWindow for what null means). */
export const readPage = (db: Db, pair: Pair, cursor: Cursor, limit: number): Promise<Window> =>
  readWindow(db, pair, cursorCondition(cursor), 'oldest', limit);

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
  readWindow(
    db,
    pair,
    beforeSeq === undefined ? sql`true` : sql`m.seq < ${beforeSeq}`,
    'newest',
    limit,
  );

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

/**
 * Creates the conversation or locks its row until the transaction ends, and hands out the next
 * message timestamp: now in whole milliseconds, or 1 ms after the previous one if that is later.
 * The lock serialises sends within one conversation, so timestamps and `seq` grow together.
 */
export async function lockConversation(
  trx: Db,
  pair: Pair,
): Promise<{ id: string; timestamp: Date }> {
  const now = sql<Date>`date_trunc('milliseconds', clock_timestamp())`;
  return trx
    .insertInto('conversations')
    .values({
      tenant_id: pair.tenantId,
      key: pair.key,
      user_a: pair.userA,
      user_b: pair.userB,
      last_message_at: now,
    })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        last_message_at: sql<Date>`greatest(${now}, conversations.last_message_at + interval '1 millisecond')`,
      }),
    )
    .returning(['id', 'last_message_at as timestamp'])
    .executeTakeFirstOrThrow() as Promise<{ id: string; timestamp: Date }>;
}

const messageColumns = sql`m.id, m.seq, m.conversation_id, m.sender_id, m.content, m.image_key,
  m.created_at, m.read_at, ${reactionsOf} as reactions`;

export async function findMessageByClientId(
  db: Db,
  conversationId: string,
  senderId: string,
  clientId: string,
): Promise<MessageRow | undefined> {
  const { rows } = await sql<MessageRow>`select ${messageColumns} from messages m
    where m.conversation_id = ${conversationId} and m.sender_id = ${senderId}
      and m.client_id = ${clientId}`.execute(db);
  return rows[0];
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
    .set({ read_at: sql`now()` })
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

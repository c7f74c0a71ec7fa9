import { sql, type Kysely } from 'kysely';

/**
 * Chat events numbered per recipient, in commit order.
 *
 * The first release numbered events from one global sequence taken before commit. Transactions
 * commit out of that order, so a stream that had sent event 12 skipped an event 11 committed a
 * moment later, and a reconnect from 12 never replayed it. Now each person has a counter
 * (`chat_inboxes.last_seq`) that a change bumps inside its own transaction: the row lock taken by
 * the bump is held until commit, so the next number for that person cannot be handed out before
 * this one commits. A person's events therefore commit (and are notified) in exactly the order of
 * their numbers, without gaps, and `Last-Event-ID` is a position in that person's own list.
 *
 * The old events are dropped, not converted: they are a 24-hour replay buffer, not data. A stream
 * that reconnects with an old id is told to reload once (its id is above the new counter).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('chat_events').execute();
  await db.schema
    .createTable('chat_inboxes')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('last_seq', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('chat_events')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('conversation_id', 'uuid', (c) =>
      c.notNull().references('conversations.id').onDelete('cascade'),
    )
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('chat_events_pk', ['user_id', 'seq'])
    .execute();
  await db.schema
    .createIndex('chat_events_conversation_idx')
    .on('chat_events')
    .column('conversation_id')
    .execute();
  await db.schema
    .createIndex('chat_events_created_idx')
    .on('chat_events')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('chat_events').execute();
  await db.schema.dropTable('chat_inboxes').execute();
  await db.schema
    .createTable('chat_events')
    .addColumn('seq', 'bigserial', (c) => c.primaryKey())
    .addColumn('conversation_id', 'uuid', (c) =>
      c.notNull().references('conversations.id').onDelete('cascade'),
    )
    .addColumn('user_a', 'uuid', (c) => c.notNull())
    .addColumn('user_b', 'uuid', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  const indexes: [string, string[]][] = [
    ['chat_events_user_a_idx', ['user_a', 'seq']],
    ['chat_events_user_b_idx', ['user_b', 'seq']],
    ['chat_events_conversation_idx', ['conversation_id']],
    ['chat_events_created_idx', ['created_at']],
  ];
  for (const [name, columns] of indexes)
    await db.schema.createIndex(name).on('chat_events').columns(columns).execute();
}

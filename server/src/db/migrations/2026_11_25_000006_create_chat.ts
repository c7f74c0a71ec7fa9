import { sql, type Kysely } from 'kysely';

/**
 * Team chat: one conversation per pair of people of a tenant, its messages, reactions, the event
 * log the push stream resumes from, and single-use stream tickets. Everything hangs off the tenant
 * or the people, so deleting a tenant (or a person) removes their chat in the same statement.
 *
 * Ordering: each conversation row is locked while a message is added, so within a conversation
 * `seq` and `created_at` grow together and commit in that order; `created_at` is kept to whole
 * milliseconds and unique per conversation, so the widget's ISO `since` can never skip a message
 * that shares a timestamp with the one it last saw.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('conversations')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('user_a', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('user_b', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('last_message_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('conversations_pair', sql`user_a < user_b`)
    .execute();
  await db.schema
    .createIndex('conversations_tenant_idx')
    .on('conversations')
    .column('tenant_id')
    .execute();
  await db.schema
    .createIndex('conversations_user_a_idx')
    .on('conversations')
    .column('user_a')
    .execute();
  await db.schema
    .createIndex('conversations_user_b_idx')
    .on('conversations')
    .column('user_b')
    .execute();

  await db.schema
    .createTable('messages')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('seq', 'bigserial', (c) => c.notNull().unique())
    .addColumn('conversation_id', 'uuid', (c) =>
      c.notNull().references('conversations.id').onDelete('cascade'),
    )
    .addColumn('sender_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('image_key', 'text')
    .addColumn('client_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('read_at', 'timestamptz')
    .execute();
  // The poll: one index range scan per conversation, by cursor or by timestamp.
  await db.schema
    .createIndex('messages_conversation_seq_idx')
    .on('messages')
    .columns(['conversation_id', 'seq'])
    .execute();
  await db.schema
    .createIndex('messages_conversation_created_idx')
    .on('messages')
    .columns(['conversation_id', 'created_at'])
    .unique()
    .execute();
  // Idempotent sends: one message per sender per client id in a conversation.
  await sql`create unique index messages_client_id_idx on messages (conversation_id, sender_id, client_id) where client_id is not null`.execute(
    db,
  );
  await db.schema.createIndex('messages_sender_idx').on('messages').column('sender_id').execute();

  await db.schema
    .createTable('message_reactions')
    .addColumn('message_id', 'uuid', (c) =>
      c.notNull().references('messages.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('emoji', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
    .addPrimaryKeyConstraint('message_reactions_pk', ['message_id', 'user_id', 'emoji'])
    .execute();
  await db.schema
    .createIndex('message_reactions_user_idx')
    .on('message_reactions')
    .column('user_id')
    .execute();

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
  await db.schema
    .createIndex('chat_events_user_a_idx')
    .on('chat_events')
    .columns(['user_a', 'seq'])
    .execute();
  await db.schema
    .createIndex('chat_events_user_b_idx')
    .on('chat_events')
    .columns(['user_b', 'seq'])
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

  await db.schema
    .createTable('stream_tickets')
    .addColumn('ticket_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('session_id', 'uuid', (c) =>
      c.notNull().references('sessions.id').onDelete('cascade'),
    )
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('stream_tickets_user_idx')
    .on('stream_tickets')
    .column('user_id')
    .execute();
  await db.schema
    .createIndex('stream_tickets_session_idx')
    .on('stream_tickets')
    .column('session_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'stream_tickets',
    'chat_events',
    'message_reactions',
    'messages',
    'conversations',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}

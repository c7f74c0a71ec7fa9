import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt } from '../../shared/timestamps.ts';

/** One per pair of people of a tenant; `user_a < user_b`; `key` is both ids sorted, `_`-joined. */
export interface ConversationsTable {
  id: Generated<string>;
  tenant_id: string;
  key: string;
  user_a: string;
  user_b: string;
  /** The newest message's timestamp: the next one is at least 1 ms later (see the migration). */
  last_message_at: Date | null;
  created_at: Generated<CreatedAt>;
}

export interface MessagesTable {
  id: Generated<string>;
  /** bigint, read as a number (create-database.ts); the opaque cursor is `c<seq>`. */
  seq: Generated<number>;
  conversation_id: string;
  sender_id: string;
  content: string;
  image_key: string | null;
  /** The widget's temporary id: a retried send with the same one is not stored twice. */
  client_id: string | null;
  created_at: ColumnType<Date, Date, never>;
  /** When the recipient read it (a conversation has exactly one other person). */
  read_at: Date | null;
}

export interface MessageReactionsTable {
  message_id: string;
  user_id: string;
  emoji: string;
  created_at: Generated<CreatedAt>;
}

/**
 * A person's event counter: bumped (and so row-locked until commit) by every change they must hear
 * of, which makes their events commit in the order of their numbers (see the migration that made it).
 */
export interface ChatInboxesTable {
  user_id: string;
  last_seq: number;
}

/** One person's copy of an event, numbered in their own list; `Last-Event-ID` is `seq`. */
export interface ChatEventsTable {
  user_id: string;
  seq: number;
  conversation_id: string;
  kind: 'message' | 'read' | 'reaction';
  data: ColumnType<unknown, string, string>;
  created_at: Generated<CreatedAt>;
}

/** Single-use tickets that open one event stream (EventSource cannot send a bearer header). */
export interface StreamTicketsTable {
  ticket_hash: string;
  user_id: string;
  session_id: string;
  expires_at: Date;
}

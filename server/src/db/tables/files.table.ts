import type { Generated } from 'kysely';
import type { CreatedAt } from '../../shared/timestamps.ts';

/** Metadata of stored objects (the bytes live in the storage backend under `key`). */
export interface FilesTable {
  key: string;
  content_type: string;
  size: number;
  purpose: 'logo' | 'chat-image';
  tenant_id: string | null;
  created_by: string | null;
  created_at: Generated<CreatedAt>;
}

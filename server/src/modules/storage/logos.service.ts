import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { auditChange } from '../audit/audit.service.ts';
import type { Actor } from '../../shared/actor.ts';
import { findFile, insertFile } from './files.repository.ts';
import { detectImageType } from './image-type.ts';
import type { Storage, StoredObject } from './storage.ts';

/** Logos are small; the upload stream is cut off (413) past this (the SPA's hint says the same). */
export { LOGO_MAX_BYTES } from '@canopy/portal-contract';

export interface LogoDeps {
  db: Kysely<Database>;
  storage: Storage;
}

/** The public path a stored logo is served at. */
export const fileUrl = (key: string) => `/api/files/${key}`;

/**
 * Stores an uploaded logo under a random, unguessable name (144 bits) with the extension of the
 * type its bytes show, records it, and returns its URL. Logos of super administrators belong to
 * no tenant yet (they upload before creating the tenant); a tenant Admin's belong to their tenant.
 */
export async function storeLogo(
  deps: LogoDeps,
  actor: Actor,
  bytes: Buffer,
): Promise<{ url: string }> {
  const type = detectImageType(bytes);
  if (!type) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  const key = `${randomBytes(18).toString('base64url')}.${type.extension}`;
  await deps.storage.put(key, bytes, type.contentType);
  try {
    await deps.db.transaction().execute(async (trx) => {
      await insertFile(trx, {
        key,
        content_type: type.contentType,
        size: bytes.length,
        purpose: 'logo',
        tenant_id: actor.principal.tenantId,
        created_by: actor.principal.userId,
      });
      await auditChange(trx, actor, {
        action: 'upload.logo',
        tenantId: actor.principal.tenantId,
        target: `file:${key}`,
        details: { contentType: type.contentType, size: bytes.length },
      });
    });
  } catch (error) {
    await deps.storage.delete(key).catch(() => undefined);
    throw error;
  }
  return { url: fileUrl(key) };
}

/**
 * Checks that a `logoUrl` about to be saved names a logo this server stored (the contract already
 * restricts it to `/api/files/<key>`): no dangling links, no chat image shown as a logo.
 */
export async function ensureStoredLogo(db: Db, logoUrl: string | null | undefined): Promise<void> {
  if (!logoUrl) return;
  const key = logoUrl.slice(logoUrl.lastIndexOf('/') + 1);
  if (!(await findFile(db, key, 'logo'))) {
    throw new AppError('VALIDATION_FAILED', {
      fields: [
        { path: 'body.logoUrl', message: 'Upload the logo first and use the URL it returns' },
      ],
    });
  }
}

/**
 * A logo for the public file route. Only files stored as logos are served there: chat images
 * and anything else stored later stay private whatever their name.
 */
export async function readLogo(
  deps: LogoDeps,
  key: string,
): Promise<StoredObject & { contentType: string }> {
  const meta = await findFile(deps.db, key, 'logo');
  const object = meta && (await deps.storage.get(key));
  if (!meta || !object) throw new AppError('FILE_NOT_FOUND');
  return { ...object, contentType: meta.content_type };
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/create-database.ts';
import type { AnalyticsSettings } from '../../src/modules/analytics/analytics-settings.ts';
import { tenantDataKey } from '../../src/modules/reports/tenant-data-keys.ts';
import { createTestDatabase } from '../support/test-database.ts';

/** Against the emulator, each tenant's RLS identity is one of the sample data's keys, in turn. */
const settings = { rls: { sampleKeys: ['Europe', 'Asia', 'Americas', 'Africa'] } };
const keyOf = (db: DatabaseHandle['db'], tenantId: string) =>
  tenantDataKey(db, settings as unknown as AnalyticsSettings, tenantId);

let handle: DatabaseHandle;
const tenants: string[] = [];

beforeAll(async () => {
  handle = await createTestDatabase();
  for (const name of ['A', 'B', 'C', 'D']) {
    const row = await handle.db
      .insertInto('tenants')
      .values({
        name: `Tenant ${name}`,
        admin_email: `admin@${name.toLowerCase()}.test`,
        status: 'active',
        logo_url: null,
        primary_color: '#0078d4',
        theme: 'light',
        power_bi_group_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    tenants.push(row.id);
  }
});
afterAll(() => handle.close());

describe('tenantDataKey', () => {
  it('gives tenants asking at the same moment different keys, and each the same key after', async () => {
    // On PostgreSQL these run on separate pooled connections at once: without the lock two of them
    // counted the same tenants and were handed the same key.
    const first = await Promise.all(tenants.map((id) => keyOf(handle.db, id)));
    expect(new Set(first).size).toBe(4);
    expect(first.every((key) => settings.rls.sampleKeys.includes(key))).toBe(true);
    const again = await Promise.all(tenants.map((id) => keyOf(handle.db, id)));
    expect(again).toEqual(first);
  });
});

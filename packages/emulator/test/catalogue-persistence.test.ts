import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pushedRows } from '../src/index.ts';
import { appTokenFor, rest, start } from './support/harness.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'emulator-catalogue-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('catalogue persistence (dataDir)', () => {
  it('keeps workspaces, cloned reports and pushed rows across a restart, and forgets deleted ones', async () => {
    const first = await start({ rows: 1000, dataDir, populateNewWorkspaces: false });
    const api = rest(first, await appTokenFor(first));
    const kept = await api('/groups?workspaceV2=true', { body: { name: 'Kept - 2026' } });
    const dropped = await api('/groups?workspaceV2=true', { body: { name: 'Dropped - 2026' } });
    const keptId = kept.body.id as string;
    const clone = await api(
      `/groups/${first.sample.groupId}/reports/${first.sample.securedReportId}/Clone`,
      { body: { name: 'Sales Overview', targetWorkspaceId: keptId } },
    );
    expect(clone.status).toBe(200);
    const pushed = await api(`/groups/${keptId}/datasets`, {
      body: {
        name: 'Pushed',
        tables: [{ name: 'T', columns: [{ name: 'N', dataType: 'Int64' }] }],
      },
    });
    const pushedId = pushed.body.id as string;
    await api(`/groups/${keptId}/datasets/${pushedId}/tables/T/rows`, {
      body: { rows: [{ N: 7 }] },
    });
    expect((await api(`/groups/${dropped.body.id as string}`, { method: 'DELETE' })).status).toBe(
      200,
    );
    await first.close();

    const second = await start({ rows: 1000, dataDir, populateNewWorkspaces: false });
    try {
      const again = rest(second, await appTokenFor(second));
      const reports = await again(`/groups/${keptId}/reports`);
      expect(reports.status).toBe(200);
      expect(reports.body.value).toEqual([
        expect.objectContaining({ id: clone.body.id, name: 'Sales Overview' }),
      ]);
      expect((await again(`/groups/${dropped.body.id as string}`)).status).toBe(404);
      expect(pushedRows(second.state, pushedId, 'T')).toEqual([{ N: 7 }]);
      const more = await again(`/groups/${keptId}/datasets/${pushedId}/tables/T/rows`, {
        body: { rows: [{ N: 8 }] },
      });
      expect(more.status).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('refuses a clone into a workspace the caller is not a member of', async () => {
    const emulator = await start({ rows: 1000 });
    try {
      const api = rest(emulator, await appTokenFor(emulator));
      const response = await api(
        `/groups/${emulator.sample.groupId}/reports/${emulator.sample.salesReportId}/Clone`,
        { body: { name: 'Copy', targetWorkspaceId: '00000000-0000-0000-0000-00000000abcd' } },
      );
      expect(response.status).toBe(404);
      expect(response.body.error.code).toBe('PowerBIEntityNotFound');
    } finally {
      await emulator.close();
    }
  });
});

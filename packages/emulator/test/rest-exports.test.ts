import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../src/index.ts';
import { appTokenFor, rest, start } from './support/harness.ts';

let emulator: RunningEmulator;
let api: ReturnType<typeof rest>;
let now = Date.now();
beforeAll(async () => {
  emulator = await start({ rows: 3000, now: () => now });
  api = rest(emulator, await appTokenFor(emulator));
});
afterAll(() => emulator.close());

describe('Export To File', () => {
  it('runs NotStarted → Running → Succeeded and serves a valid PDF', async () => {
    const { groupId, salesReportId } = emulator.sample;
    const base = `/groups/${groupId}/reports/${salesReportId}`;
    const started = await api(`${base}/ExportTo`, { body: { format: 'PDF' } });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({
      status: 'NotStarted',
      percentComplete: 0,
      reportName: 'Sales Overview',
    });
    const id = started.body.id as string;
    expect((await api(`${base}/exports/${id}/file`)).status).toBe(404);
    now += 500;
    const running = await api(`${base}/exports/${id}`);
    expect(running.status).toBe(202);
    expect(running.body.status).toBe('Running');
    expect(running.body.percentComplete).toBeGreaterThan(0);
    now += 1000;
    const done = await api(`${base}/exports/${id}`);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      status: 'Succeeded',
      percentComplete: 100,
      resourceFileExtension: '.pdf',
    });
    const file = await fetch(done.body.resourceLocation as string, {
      headers: { authorization: `Bearer ${emulator.appToken()}` },
    });
    expect(file.headers.get('content-type')).toBe('application/pdf');
    const text = Buffer.from(await file.arrayBuffer()).toString('latin1');
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    const xref = Number(/startxref\n(\d+)/.exec(text)?.[1]);
    expect(text.slice(xref, xref + 4)).toBe('xref');
  });

  it('exports a paginated report as CSV with real data filtered by its parameter', async () => {
    const { groupId, paginatedReportId } = emulator.sample;
    const base = `/groups/${groupId}/reports/${paginatedReportId}`;
    const started = await api(`${base}/ExportTo`, {
      body: {
        format: 'CSV',
        paginatedReportConfiguration: { parameterValues: [{ name: 'Region', value: 'Oceania' }] },
      },
    });
    now += 2000;
    const file = await api(`${base}/exports/${started.body.id as string}/file`);
    expect(file.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = (file.body as string).trim().split('\r\n');
    expect(lines[0]).toBe('Customer,Country,Month,Orders,Sum of Quantity,Sum of Amount');
    const direct = await emulator.context.database.query(
      "SELECT count(*) FROM (SELECT 1 FROM Sales WHERE Region = 'Oceania' GROUP BY Customer, Country, Month)",
    );
    expect(lines.length - 1).toBe(direct.rows[0]?.[0]);
    expect(lines.slice(1).every((line) => /,(Australia|New Zealand),/.test(line))).toBe(true);
  });

  it('400s formats the report type does not support and 404s unknown exports', async () => {
    const { groupId, salesReportId } = emulator.sample;
    const base = `/groups/${groupId}/reports/${salesReportId}`;
    const csv = await api(`${base}/ExportTo`, { body: { format: 'CSV' } });
    expect(csv.status).toBe(400);
    expect(csv.body.error.code).toBe('BadRequest');
    expect((await api(`${base}/ExportTo`, { body: {} })).status).toBe(400);
    expect((await api(`${base}/exports/nope`)).status).toBe(404);
    // A format the service accepts for the report type but the emulator does not render fails.
    const paginated = `/groups/${groupId}/reports/${emulator.sample.paginatedReportId}`;
    const xlsx = await api(`${paginated}/ExportTo`, { body: { format: 'XLSX' } });
    expect(xlsx.status).toBe(202);
    now += 2000;
    const failed = await api(`${paginated}/exports/${xlsx.body.id as string}`);
    expect(failed.status).toBe(200);
    expect(failed.body.status).toBe('Failed');
    expect(failed.body.resourceLocation).toBeUndefined();
    expect((await api(`${paginated}/exports/${xlsx.body.id as string}/file`)).status).toBe(404);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { optionsFromEnv, resolveConfig } from '../src/config.ts';
import { valueFormatter } from '../src/export/number-format.ts';
import type { RunningEmulator } from '../src/index.ts';
import { appTokenFor, rest, start, type Wire } from './support/harness.ts';
import { packageProblems } from './support/package-check.ts';
import { parsePdf } from './support/pdf-reader.ts';
import { readZip } from './support/zip-reader.ts';

let emulator: RunningEmulator;
let api: ReturnType<typeof rest>;
let now = Date.parse('2025-06-30T18:00:00Z');
beforeAll(async () => {
  emulator = await start({ rows: 3000, now: () => now });
  api = rest(emulator, await appTokenFor(emulator));
});
afterAll(() => emulator.close());

/** ExportTo → poll until the job is final (the clock moves one phase per poll) → the file. */
async function exportFile(
  reportId: string,
  body: Wire,
): Promise<{ file: Buffer; headers: Headers }> {
  const base = `/groups/${emulator.sample.groupId}/reports/${reportId}`;
  const started = await api(`${base}/ExportTo`, { body });
  expect(started.status).toBe(202);
  let job = started.body;
  while (job.status === 'NotStarted' || job.status === 'Running') {
    now += 300;
    job = (await api(`${base}/exports/${job.id as string}`)).body;
  }
  expect(job.status).toBe('Succeeded');
  const response = await fetch(job.resourceLocation as string, {
    headers: { authorization: `Bearer ${emulator.appToken()}` },
  });
  expect(response.status).toBe(200);
  return { file: Buffer.from(await response.arrayBuffer()), headers: response.headers };
}

async function regionTotal(region: string): Promise<string> {
  const result = await emulator.context.database.query(
    `SELECT sum(Amount) FROM Sales WHERE Region = '${region}'`,
  );
  return valueFormatter('en-US')(result.rows[0]?.[0] as number);
}

describe('Export To File as PDF', () => {
  it('lays out every visible page with the title, page name, time and the RLS data', async () => {
    const { securedReportId, securedDatasetId } = emulator.sample;
    const asManager = (region: string) =>
      exportFile(securedReportId, {
        format: 'PDF',
        powerBIReportConfiguration: {
          identities: [
            { username: region, roles: ['RegionManager'], datasets: [securedDatasetId] },
          ],
        },
      });
    const europe = await asManager('Europe');
    expect(europe.headers.get('content-type')).toBe('application/pdf');
    expect(europe.headers.get('content-disposition')).toBe(
      `attachment; filename="Sales Overview _RLS_.pdf"; filename*=UTF-8''Sales%20Overview%20(RLS).pdf`,
    );
    const pdf = parsePdf(europe.file);
    // The hidden drill-through page is left out, as the service does without includeHiddenPages.
    expect(pdf.pages).toHaveLength(2);
    const [first = []] = pdf.pages;
    expect(first[0]).toBe('Sales Overview (RLS)');
    expect(first[1]).toContain('Page: Overview');
    expect(first[1]).toContain('Exported 2025-06-30 18:00 UTC');
    expect(first[1]).toContain('Effective identity: Europe');
    expect(first).toEqual(expect.arrayContaining(['Total sales', 'Sales by category']));
    expect(first).toContain(await regionTotal('Europe'));
    // The region chart shows only the identity's region.
    expect(first).toContain('Europe');
    expect(first).not.toContain('Asia');

    const asia = parsePdf((await asManager('Asia')).file);
    expect(asia.pages[0]).toContain(await regionTotal('Asia'));
    expect(asia.pages[0]).not.toContain(await regionTotal('Europe'));
  });

  it('exports the requested pages only, hidden ones included, with a report-level filter', async () => {
    const { salesReportId } = emulator.sample;
    const { file } = await exportFile(salesReportId, {
      format: 'pdf',
      powerBIReportConfiguration: {
        pages: [
          { pageName: 'ReportSection3' },
          { pageName: 'ReportSection1', visualName: 'totalAmountCard' },
        ],
        reportLevelFilters: [{ filter: "Sales/Region in ('Oceania')" }],
      },
    });
    const pdf = parsePdf(file);
    expect(pdf.pages).toHaveLength(2);
    expect(pdf.pages[0]?.[1]).toContain('Page: Product detail');
    expect(pdf.pages[0]?.[1]).not.toContain('Effective identity');
    expect(pdf.pages[1]?.[1]).toContain('Page: Overview');
    expect(pdf.pages[1]).toContain('Total sales');
    expect(pdf.pages[1]).not.toContain('Sales by category');
    expect(pdf.pages[1]).toContain(await regionTotal('Oceania'));
  });

  it('400s unknown pages, visuals, bookmarks and unreadable filters before a job exists', async () => {
    const { groupId, salesReportId } = emulator.sample;
    const exportTo = (configuration: Wire) =>
      api(`/groups/${groupId}/reports/${salesReportId}/ExportTo`, {
        body: { format: 'PDF', powerBIReportConfiguration: configuration },
      });
    for (const configuration of [
      { pages: [{ pageName: 'Nope' }] },
      { pages: [{ pageName: 'ReportSection1', visualName: 'nope' }] },
      { defaultBookmark: { name: 'Nope' } },
      { reportLevelFilters: [{ filter: 'Sales/Region gt 3' }] },
      { reportLevelFilters: [{ filter: "Sales/Planet eq 'Mars'" }] },
      {
        reportLevelFilters: [
          { filter: "Sales/Region eq 'Asia'" },
          { filter: "Sales/Region eq 'Asia'" },
        ],
      },
    ]) {
      const response = await exportTo(configuration);
      expect(response.status, JSON.stringify(configuration)).toBe(400);
      expect(response.body.error.code).toBe('BadRequest');
    }
  });
});

describe('Export To File as PowerPoint', () => {
  it('serves a valid deck with a slide per page and the RLS-filtered values', async () => {
    const { securedReportId, securedDatasetId } = emulator.sample;
    const { file, headers } = await exportFile(securedReportId, {
      format: 'PPTX',
      powerBIReportConfiguration: {
        identities: [
          { username: 'Oceania', roles: ['RegionManager'], datasets: [securedDatasetId] },
        ],
      },
    });
    expect(headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    );
    expect(headers.get('content-disposition')).toMatch(/filename="Sales Overview _RLS_\.pptx"/);
    const parts = readZip(file);
    expect(packageProblems(parts)).toEqual([]);
    const slide = parts.get('ppt/slides/slide1.xml')?.toString('utf8') ?? '';
    const texts = [...slide.matchAll(/<a:t>([^<]*)<\/a:t>/g)].map(([, text]) => text);
    expect(texts[0]).toBe('Sales Overview (RLS)');
    expect(texts[1]).toContain('Effective identity: Oceania');
    expect(texts).toContain(await regionTotal('Oceania'));
    expect(texts).not.toContain(await regionTotal('Europe'));
    expect(parts.has('ppt/slides/slide2.xml')).toBe(true);
    expect(parts.has('ppt/slides/slide3.xml')).toBe(false);
  });
});

describe('exportPhaseMs', () => {
  it('0 makes the job final at once; the option and its variable are validated', async () => {
    const quick = await start({ rows: 200, exportPhaseMs: 0 });
    try {
      const quickApi = rest(quick, await appTokenFor(quick));
      const base = `/groups/${quick.sample.groupId}/reports/${quick.sample.salesReportId}`;
      const started = await quickApi(`${base}/ExportTo`, { body: { format: 'PDF' } });
      expect(started.status).toBe(202);
      expect(started.body).toMatchObject({ status: 'Succeeded', percentComplete: 100 });
      const file = await fetch(started.body.resourceLocation as string, {
        headers: { authorization: `Bearer ${quick.appToken()}` },
      });
      expect(parsePdf(Buffer.from(await file.arrayBuffer())).pages[0]?.[0]).toBe('Sales Overview');
    } finally {
      await quick.close();
    }
    expect(optionsFromEnv({ CANOPY_EMULATOR_EXPORT_PHASE_MS: '50' }).exportPhaseMs).toBe(50);
    expect(() => resolveConfig({ exportPhaseMs: -1 })).toThrow(/exportPhaseMs/);
  });
});

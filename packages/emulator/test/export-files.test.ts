import { describe, expect, it } from 'vitest';
import { salesModel } from '../src/data/semantic-model.ts';
import { parseExportFilter } from '../src/export/export-filters.ts';
import { reportPdf } from '../src/export/pdf-report.ts';
import { reportPptx } from '../src/export/pptx-report.ts';
import type { ReportSnapshot } from '../src/export/report-snapshot.ts';
import { pdfString } from '../src/export/win-ansi.ts';
import { packageProblems } from './support/package-check.ts';
import { parsePdf } from './support/pdf-reader.ts';
import { xmlProblems } from './support/xml-check.ts';
import { readZip } from './support/zip-reader.ts';

const snapshot = (title: string): ReportSnapshot => ({
  title,
  exportedAt: new Date('2025-06-30T18:00:00Z'),
  username: 'Europe',
  locale: 'de-DE',
  pages: [
    {
      name: 'ReportSection1',
      displayName: 'Übersicht',
      width: 1280,
      height: 720,
      visuals: [
        {
          name: 'card',
          title: 'Total',
          type: 'card',
          layout: { x: 0, y: 0, width: 300, height: 150 },
          result: { columns: [{ name: 'Sum of Amount', type: 'number' }], rows: [[1234567.891]] },
        },
        {
          name: 'bars',
          title: 'By <region> & "country"',
          type: 'clusteredBarChart',
          layout: { x: 320, y: 0, width: 600, height: 300 },
          result: {
            columns: [
              { name: 'Country', type: 'string' },
              { name: 'Sum of Amount', type: 'number' },
            ],
            rows: Array.from({ length: 60 }, (_, index) => [`Land ${index}`, 1000 - index]),
          },
          // The export's row cap cut the data: the note says "over".
          capped: true,
        },
        {
          name: 'table',
          title: 'Empty',
          type: 'tableEx',
          layout: { x: 0, y: 320, width: 600, height: 300 },
          result: { columns: [{ name: 'Customer', type: 'string' }], rows: [] },
        },
      ],
    },
    { name: 'ReportSection2', displayName: 'Details', width: 1280, height: 720, visuals: [] },
  ],
});

describe('PDF writer', () => {
  it('writes a parseable PDF with a page per report page and the data as text', () => {
    const file = reportPdf(snapshot('Umsätze € — 東京 (Q1)'));
    const pdf = parsePdf(file);
    expect(pdf.version).toBe('1.4');
    expect(pdf.pages).toHaveLength(2);
    const [first = []] = pdf.pages;
    // WinAnsi keeps ä, € and —; characters outside it print as "?".
    expect(first[0]).toBe('Umsätze € — ?? (Q1)');
    expect(first[1]).toBe(
      'Page: Übersicht   ·   Exported 2025-06-30 18:00 UTC   ·   Effective identity: Europe',
    );
    // Numbers in the export's locale; rows that do not fit are counted.
    expect(first).toContain('1.234.567,89');
    expect(first).toContain('Land 0');
    expect(first.some((text) => /^\+ over \d+ more rows$/.test(text))).toBe(true);
    expect(first).toContain('No data');
    expect(file.toString('latin1')).toContain('/MediaBox [0 0 960 540]');
  });

  it('escapes string delimiters and writes non-ASCII bytes as octal', () => {
    expect(pdfString('a(b)c\\d')).toBe('(a\\(b\\)c\\\\d)');
    expect(pdfString('é€\u202f✓')).toBe('(\\351\\200\\240?)');
  });
});

describe('PowerPoint writer', () => {
  it('writes a package with every part typed, related and well formed', () => {
    const parts = readZip(reportPptx(snapshot('Sales <Q1> & more')));
    expect(packageProblems(parts)).toEqual([]);
    expect([...parts.keys()]).toEqual(
      expect.arrayContaining([
        '_rels/.rels',
        'ppt/presentation.xml',
        'ppt/slideMasters/slideMaster1.xml',
        'ppt/slideLayouts/slideLayout1.xml',
        'ppt/theme/theme1.xml',
        'ppt/slides/slide1.xml',
        'ppt/slides/slide2.xml',
      ]),
    );
    const slide = parts.get('ppt/slides/slide1.xml')?.toString('utf8') ?? '';
    expect(slide).toContain('<a:t>Sales &lt;Q1&gt; &amp; more</a:t>');
    expect(slide).toContain('<a:t>By &lt;region&gt; &amp; &quot;country&quot;</a:t>');
    expect(slide).toContain('<a:t>1.234.567,89</a:t>');
    expect(slide).toContain('<a:tbl>');
    const core = parts.get('docProps/core.xml')?.toString('utf8') ?? '';
    expect(core).toContain('<dc:title>Sales &lt;Q1&gt; &amp; more</dc:title>');
  });

  it('is caught by the checks when broken', () => {
    expect(xmlProblems('<a><b></a>')).not.toEqual([]);
    expect(xmlProblems('<a x="1" x="2"/>')).not.toEqual([]);
    expect(xmlProblems('<a>&nope;</a>')).not.toEqual([]);
    expect(xmlProblems('<a>&amp;&#233;</a>')).toEqual([]);
    const parts = readZip(reportPptx(snapshot('x')));
    parts.delete('ppt/theme/theme1.xml');
    expect(packageProblems(parts).join('\n')).toMatch(/missing ppt\/theme\/theme1\.xml/);
  });
});

describe('reportLevelFilters', () => {
  it('reads the URL filter syntax into basic filters', () => {
    expect(
      parseExportFilter(
        "Sales/Customer eq 'O''Brien and Sons' and Sales/Quantity ne 3",
        salesModel,
      ),
    ).toEqual([
      expect.objectContaining({
        target: { table: 'Sales', column: 'Customer' },
        operator: 'In',
        values: ["O'Brien and Sons"],
      }),
      expect.objectContaining({ operator: 'NotIn', values: [3] }),
    ]);
    expect(parseExportFilter("Sales/Region in ('Asia', 'Europe')", salesModel)).toEqual([
      expect.objectContaining({ values: ['Asia', 'Europe'] }),
    ]);
    expect(() => parseExportFilter('Sales/Region', salesModel)).toThrow(/cannot read/);
  });
});

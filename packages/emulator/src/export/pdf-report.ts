import type { QueryResult } from '../contract.ts';
import { exportTime, valueFormatter } from './number-format.ts';
import { PdfCanvas } from './pdf-canvas.ts';
import { PdfDocument } from './pdf-document.ts';
import {
  barTypes,
  contentWidth,
  detailsLine,
  margin,
  pageHeight,
  pageWidth,
  placeVisuals,
  rowHeight,
  moreRowsNote,
  rowsThatFit,
} from './page-layout.ts';
import type { PageSnapshot, ReportSnapshot, VisualSnapshot } from './report-snapshot.ts';
import { fitText, textWidth } from './text-metrics.ts';

const muted = [110, 110, 110] as const;
const rule = [210, 210, 210] as const;
/** The first data colour of the embedded report's default palette (#2f6fdf). */
const barColor = [47, 111, 223] as const;

/**
 * The report as a PDF: one page per exported report page. Each page carries the report's title,
 * the page name, the export time and (with RLS) the effective identity's username, then every visual
 * in its place on the report page, scaled: a card's value, a chart's categories as bars with their
 * values, a table's or matrix's rows — as many as fit, with a note of the rows left out.
 */
export function reportPdf(snapshot: ReportSnapshot): Buffer {
  const pdf = new PdfDocument();
  const catalogId = pdf.reserve();
  const pagesId = pdf.reserve();
  const regular = pdf.add(
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  );
  const bold = pdf.add(
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
  );
  const pages: PageSnapshot[] =
    snapshot.pages.length > 0
      ? snapshot.pages
      : [{ name: '', displayName: '', width: 1280, height: 720, visuals: [] }];
  const kids = pages.map((page, index) => {
    const content = pdf.addStream(drawPage(snapshot, page, index, pages.length));
    return pdf.add(
      `<< /Type /Page /Parent ${pagesId} 0 R /MediaBox [0 0 ${pageWidth} ${pageHeight}] ` +
        `/Resources << /Font << /F1 ${regular} 0 R /F2 ${bold} 0 R >> >> /Contents ${content} 0 R >>`,
    );
  });
  pdf.set(
    pagesId,
    `<< /Type /Pages /Kids [${kids.map((id) => `${id} 0 R`).join(' ')}] /Count ${kids.length} >>`,
  );
  pdf.set(catalogId, `<< /Type /Catalog /Pages ${pagesId} 0 R >>`);
  return pdf.toBuffer(catalogId, { title: snapshot.title, created: snapshot.exportedAt });
}

function drawPage(
  snapshot: ReportSnapshot,
  page: PageSnapshot,
  index: number,
  count: number,
): string {
  const canvas = new PdfCanvas();
  const format = valueFormatter(snapshot.locale);
  canvas.text(margin, pageHeight - 40, fitText(snapshot.title, 20, contentWidth, true), {
    size: 20,
    bold: true,
  });
  const details = detailsLine(page.displayName, exportTime(snapshot.exportedAt), snapshot.username);
  canvas.text(margin, pageHeight - 58, fitText(details, 9, contentWidth), { size: 9, rgb: muted });
  canvas.line(margin, pageHeight - 66, pageWidth - margin, pageHeight - 66, rule);
  const footer = `${snapshot.title} · ${index + 1} of ${count}`;
  const footerText = fitText(footer, 7, contentWidth);
  canvas.text(pageWidth - margin - textWidth(footerText, 7), 12, footerText, {
    size: 7,
    rgb: muted,
  });

  for (const { visual, x, y: fromTop, width, height } of placeVisuals(page)) {
    const y = pageHeight - fromTop - height;
    canvas.strokeRect(x, y, width, height, rule);
    canvas.clipped(x, y, width, height, () => {
      canvas.text(x + 6, y + height - 13, fitText(visual.title, 9, width - 12, true), {
        size: 9,
        bold: true,
      });
      const box = { left: x + 6, right: x + width - 6, bottom: y + 4, top: y + height - 20 };
      drawVisual(canvas, visual, box, format);
    });
  }
  return canvas.content();
}

interface Box {
  left: number;
  right: number;
  bottom: number;
  top: number;
}

type Format = (value: string | number | null) => string;

function drawVisual(canvas: PdfCanvas, visual: VisualSnapshot, box: Box, format: Format): void {
  const { result } = visual;
  if (result.rows.length === 0) {
    canvas.text(box.left, box.top - 10, 'No data', { size: 8, rgb: muted });
    return;
  }
  if (visual.type === 'card') return drawCard(canvas, result, box, format);
  if (barTypes.has(visual.type)) return drawBars(canvas, visual, box, format);
  drawTable(canvas, visual, box, format);
}

function drawCard(canvas: PdfCanvas, result: QueryResult, box: Box, format: Format): void {
  const last = result.columns.length - 1;
  const value = format(result.rows[0]?.[last] ?? null);
  const width = box.right - box.left;
  const size = Math.max(10, Math.min(30, (box.top - box.bottom) * 0.35));
  const text = fitText(value, size, width, true);
  const middle = (box.top + box.bottom) / 2;
  canvas.text(box.left + (width - textWidth(text, size, true)) / 2, middle, text, {
    size,
    bold: true,
  });
  const label = fitText(result.columns[last]?.name ?? '', 8, width);
  canvas.text(box.left + (width - textWidth(label, 8)) / 2, middle - 14, label, {
    size: 8,
    rgb: muted,
  });
}

const fontSize = 7;

function moreRows(
  canvas: PdfCanvas,
  visual: VisualSnapshot,
  shown: number,
  box: Box,
  y: number,
): void {
  const total = visual.result.rows.length;
  if (shown < total || visual.capped) {
    canvas.text(box.left, y, moreRowsNote(total, shown, visual.capped), {
      size: fontSize,
      rgb: muted,
    });
  }
}

function drawBars(canvas: PdfCanvas, visual: VisualSnapshot, box: Box, format: Format): void {
  const { result } = visual;
  const valueIndex = result.columns.length - 1;
  const values = result.rows.map((row) => {
    const value = row[valueIndex];
    return typeof value === 'number' ? value : 0;
  });
  const max = Math.max(...values.map(Math.abs), 1e-9);
  const width = box.right - box.left;
  const labelWidth = width * 0.32;
  const valueWidth = Math.min(70, width * 0.24);
  const barSpace = Math.max(0, width - labelWidth - valueWidth - 8);
  const shown = rowsThatFit(result.rows.length, box.top - box.bottom, 0);
  let y = box.top - rowHeight + 2;
  result.rows.slice(0, shown).forEach((row, index) => {
    const label = row
      .slice(0, valueIndex)
      .map((cell) => format(cell))
      .join(' · ');
    canvas.text(box.left, y, fitText(label, fontSize, labelWidth - 4), { size: fontSize });
    const barWidth = (Math.abs(values[index] ?? 0) / max) * barSpace;
    canvas.fillRect(box.left + labelWidth, y - 1, Math.max(barWidth, 0.5), rowHeight - 3, barColor);
    const value = fitText(format(row[valueIndex] ?? null), fontSize, valueWidth);
    canvas.text(box.right - textWidth(value, fontSize), y, value, { size: fontSize });
    y -= rowHeight;
  });
  moreRows(canvas, visual, shown, box, y);
}

function drawTable(canvas: PdfCanvas, visual: VisualSnapshot, box: Box, format: Format): void {
  const { result } = visual;
  const columnWidth = (box.right - box.left) / Math.max(1, result.columns.length);
  const cell = (text: string, index: number, y: number, numeric: boolean, bold: boolean) => {
    const fitted = fitText(text, fontSize, columnWidth - 4, bold);
    const left = box.left + index * columnWidth;
    const x = numeric ? left + columnWidth - 4 - textWidth(fitted, fontSize, bold) : left;
    canvas.text(x, y, fitted, { size: fontSize, bold });
  };
  let y = box.top - rowHeight + 2;
  result.columns.forEach((column, index) =>
    cell(column.name, index, y, column.type === 'number', true),
  );
  canvas.line(box.left, y - 3, box.right, y - 3, rule);
  y -= rowHeight;
  const shown = rowsThatFit(result.rows.length, box.top - box.bottom, 1);
  for (const row of result.rows.slice(0, shown)) {
    row.forEach((value, index) =>
      cell(format(value), index, y, result.columns[index]?.type === 'number', false),
    );
    y -= rowHeight;
  }
  moreRows(canvas, visual, shown, box, y);
}

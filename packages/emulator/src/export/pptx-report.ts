import { exportTime, valueFormatter } from './number-format.ts';
import {
  barTypes,
  contentWidth,
  detailsLine,
  margin,
  pageHeight,
  placeVisuals,
  rowHeight,
  moreRowsNote,
  rowsThatFit,
} from './page-layout.ts';
import {
  contentTypes,
  coreProperties,
  packageRelationships,
  presentation,
  presentationProperties,
  presentationRelationships,
  shapeTreeStart,
  slideLayout,
  slideLayoutRelationships,
  slideMaster,
  slideMasterRelationships,
  slideNamespaces,
  slideRelationships,
  tableStyles,
  theme,
} from './pptx-package.ts';
import type { PageSnapshot, ReportSnapshot, VisualSnapshot } from './report-snapshot.ts';
import { xmlDeclaration, xmlText } from './xml.ts';
import { zipArchive } from './zip-archive.ts';

/** EMU per point: the slide is the PDF page's 960 × 540 pt. */
const emu = (points: number) => Math.round(points * 12_700);

type Format = (value: string | number | null) => string;

/**
 * The report as a PowerPoint deck: one slide per exported report page, laid out like the PDF. The
 * title, page name, export time and (with RLS) username are text boxes; each visual is an outlined
 * box with its title and its data — a card's value as large text, a chart's categories and values
 * and a table's rows as a native table, as many rows as fit.
 */
export function reportPptx(snapshot: ReportSnapshot): Buffer {
  const pages: PageSnapshot[] =
    snapshot.pages.length > 0
      ? snapshot.pages
      : [{ name: '', displayName: '', width: 1280, height: 720, visuals: [] }];
  const slides = pages.map((page, index) => slideXml(snapshot, page, index, pages.length));
  const text = (value: string) => Buffer.from(value, 'utf8');
  return zipArchive([
    { name: '[Content_Types].xml', data: text(contentTypes(slides.length)) },
    { name: '_rels/.rels', data: text(packageRelationships) },
    { name: 'docProps/core.xml', data: text(coreProperties(snapshot.title, snapshot.exportedAt)) },
    { name: 'ppt/presentation.xml', data: text(presentation(slides.length)) },
    {
      name: 'ppt/_rels/presentation.xml.rels',
      data: text(presentationRelationships(slides.length)),
    },
    { name: 'ppt/presProps.xml', data: text(presentationProperties) },
    { name: 'ppt/tableStyles.xml', data: text(tableStyles) },
    { name: 'ppt/theme/theme1.xml', data: text(theme) },
    { name: 'ppt/slideMasters/slideMaster1.xml', data: text(slideMaster) },
    { name: 'ppt/slideMasters/_rels/slideMaster1.xml.rels', data: text(slideMasterRelationships) },
    { name: 'ppt/slideLayouts/slideLayout1.xml', data: text(slideLayout) },
    { name: 'ppt/slideLayouts/_rels/slideLayout1.xml.rels', data: text(slideLayoutRelationships) },
    ...slides.flatMap((xml, index) => [
      { name: `ppt/slides/slide${index + 1}.xml`, data: text(xml) },
      { name: `ppt/slides/_rels/slide${index + 1}.xml.rels`, data: text(slideRelationships) },
    ]),
  ]);
}

interface Run {
  text: string;
  size: number;
  bold?: boolean;
  color?: string;
}

/** Builds one slide's shapes; ids are unique within the slide, as PowerPoint requires. */
class SlideBuilder {
  private readonly shapes: string[] = [];
  private nextId = 2;

  constructor(private readonly lang: string) {}

  private run({ text, size, bold, color }: Run): string {
    const fill = color ? `<a:solidFill><a:srgbClr val="${color}"/></a:solidFill>` : '';
    return (
      `<a:r><a:rPr lang="${xmlText(this.lang)}" sz="${Math.round(size * 100)}"${bold ? ' b="1"' : ''} dirty="0">` +
      `${fill}</a:rPr><a:t>${xmlText(text)}</a:t></a:r>`
    );
  }

  private paragraph(run: Run, align: 'l' | 'ctr' | 'r' = 'l'): string {
    return `<a:p><a:pPr algn="${align}"/>${this.run(run)}</a:p>`;
  }

  private transform(x: number, y: number, width: number, height: number, tag: 'a' | 'p'): string {
    return (
      `<${tag}:xfrm><a:off x="${emu(x)}" y="${emu(y)}"/>` +
      `<a:ext cx="${emu(width)}" cy="${emu(height)}"/></${tag}:xfrm>`
    );
  }

  /** A text box (optionally outlined) holding one paragraph per run. */
  textBox(
    name: string,
    box: { x: number; y: number; width: number; height: number },
    runs: Run[],
    options: { align?: 'l' | 'ctr' | 'r'; outline?: boolean; anchor?: 't' | 'ctr' } = {},
  ): void {
    const id = this.nextId++;
    const line = options.outline
      ? '<a:noFill/><a:ln w="9525"><a:solidFill><a:srgbClr val="D2D2D2"/></a:solidFill></a:ln>'
      : '<a:noFill/>';
    this.shapes.push(
      `<p:sp><p:nvSpPr><p:cNvPr id="${id}" name="${xmlText(name)}"/><p:cNvSpPr txBox="1"/><p:nvPr/></p:nvSpPr>` +
        `<p:spPr>${this.transform(box.x, box.y, box.width, box.height, 'a')}` +
        `<a:prstGeom prst="rect"><a:avLst/></a:prstGeom>${line}</p:spPr>` +
        `<p:txBody><a:bodyPr wrap="square" lIns="76200" tIns="50800" rIns="76200" bIns="0" anchor="${options.anchor ?? 't'}">` +
        '<a:noAutofit/></a:bodyPr><a:lstStyle/>' +
        runs.map((run) => this.paragraph(run, options.align)).join('') +
        '</p:txBody></p:sp>',
    );
  }

  /** A native table: a bold header row, then the rows; number columns right-aligned. */
  table(
    name: string,
    box: { x: number; y: number; width: number },
    header: { text: string; numeric: boolean }[],
    rows: string[][],
  ): void {
    const id = this.nextId++;
    const columnWidth = box.width / Math.max(1, header.length);
    const cell = (text: string, numeric: boolean, bold: boolean) =>
      `<a:tc><a:txBody><a:bodyPr/><a:lstStyle/>${this.paragraph({ text, size: 7, bold }, numeric ? 'r' : 'l')}</a:txBody>` +
      '<a:tcPr marL="25400" marR="25400" marT="0" marB="0"/></a:tc>';
    const row = (cells: string[], bold: boolean) =>
      `<a:tr h="${emu(rowHeight)}">${cells.map((text, index) => cell(text, header[index]?.numeric ?? false, bold)).join('')}</a:tr>`;
    this.shapes.push(
      `<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="${id}" name="${xmlText(name)}"/>` +
        '<p:cNvGraphicFramePr><a:graphicFrameLocks noGrp="1"/></p:cNvGraphicFramePr><p:nvPr/></p:nvGraphicFramePr>' +
        this.transform(box.x, box.y, box.width, rowHeight * (rows.length + 1), 'p') +
        '<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/table">' +
        `<a:tbl><a:tblPr firstRow="1"/><a:tblGrid>${header.map(() => `<a:gridCol w="${emu(columnWidth)}"/>`).join('')}</a:tblGrid>` +
        row(
          header.map((column) => column.text),
          true,
        ) +
        rows.map((cells) => row(cells, false)).join('') +
        '</a:tbl></a:graphicData></a:graphic></p:graphicFrame>',
    );
  }

  xml(name: string): string {
    return (
      `${xmlDeclaration}<p:sld ${slideNamespaces}><p:cSld name="${xmlText(name)}"><p:spTree>` +
      `${shapeTreeStart}${this.shapes.join('')}</p:spTree></p:cSld>` +
      '<p:clrMapOvr><a:masterClrMapping/></p:clrMapOvr></p:sld>'
    );
  }
}

const muted = '6E6E6E';

function slideXml(snapshot: ReportSnapshot, page: PageSnapshot, index: number, count: number) {
  const slide = new SlideBuilder(snapshot.locale);
  const format = valueFormatter(snapshot.locale);
  slide.textBox('Title', { x: margin, y: 14, width: contentWidth, height: 32 }, [
    { text: snapshot.title, size: 20, bold: true },
  ]);
  const details = detailsLine(page.displayName, exportTime(snapshot.exportedAt), snapshot.username);
  slide.textBox('Details', { x: margin, y: 44, width: contentWidth, height: 20 }, [
    { text: details, size: 9, color: muted },
  ]);
  slide.textBox(
    'Footer',
    { x: margin, y: pageHeight - 22, width: contentWidth, height: 16 },
    [{ text: `${snapshot.title} · ${index + 1} of ${count}`, size: 7, color: muted }],
    { align: 'r' },
  );
  for (const { visual, x, y, width, height } of placeVisuals(page)) {
    slide.textBox(
      visual.title,
      { x, y, width, height },
      [{ text: visual.title, size: 9, bold: true }],
      {
        outline: true,
      },
    );
    const inner = { x: x + 6, y: y + 20, width: width - 12, height: height - 24 };
    drawVisual(slide, visual, inner, format);
  }
  return slide.xml(page.displayName);
}

function drawVisual(
  slide: SlideBuilder,
  visual: VisualSnapshot,
  box: { x: number; y: number; width: number; height: number },
  format: Format,
): void {
  const { type, title, result } = visual;
  if (result.rows.length === 0) {
    slide.textBox(`${title} (no data)`, { ...box, height: 16 }, [
      { text: 'No data', size: 8, color: muted },
    ]);
    return;
  }
  const last = result.columns.length - 1;
  if (type === 'card') {
    const size = Math.max(10, Math.min(30, box.height * 0.35));
    slide.textBox(
      `${title} value`,
      box,
      [
        { text: format(result.rows[0]?.[last] ?? null), size, bold: true },
        { text: result.columns[last]?.name ?? '', size: 8, color: muted },
      ],
      { align: 'ctr', anchor: 'ctr' },
    );
    return;
  }
  // A chart's data as a table: its categories (joined) and their values.
  const columns = barTypes.has(type)
    ? [
        {
          text: result.columns
            .slice(0, last)
            .map((c) => c.name)
            .join(' · '),
          numeric: false,
        },
        { text: result.columns[last]?.name ?? '', numeric: true },
      ]
    : result.columns.map((column) => ({ text: column.name, numeric: column.type === 'number' }));
  const cells = result.rows.map((row) =>
    barTypes.has(type)
      ? [row.slice(0, last).map(format).join(' · '), format(row[last] ?? null)]
      : row.map(format),
  );
  const shown = rowsThatFit(cells.length, box.height, 1);
  slide.table(`${title} data`, box, columns, cells.slice(0, shown));
  if (shown < cells.length || visual.capped) {
    slide.textBox(
      `${title} more rows`,
      { x: box.x, y: box.y + rowHeight * (shown + 1), width: box.width, height: rowHeight + 4 },
      [{ text: moreRowsNote(cells.length, shown, visual.capped), size: 7, color: muted }],
    );
  }
}

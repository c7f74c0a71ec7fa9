import { pdfString } from './win-ansi.ts';

type Rgb = readonly [number, number, number];

const n = (value: number) => (Math.round(value * 100) / 100).toString();
const color = ([r, g, b]: Rgb) => `${n(r / 255)} ${n(g / 255)} ${n(b / 255)}`;

/**
 * The drawing operators of one page's content stream, in PDF's coordinates (points, origin at the
 * bottom left). F1 is Helvetica, F2 Helvetica-Bold; the page's resources must name both.
 */
export class PdfCanvas {
  private readonly ops: string[] = [];

  text(
    x: number,
    y: number,
    text: string,
    options: { size: number; bold?: boolean; rgb?: Rgb },
  ): void {
    const font = options.bold ? 'F2' : 'F1';
    this.ops.push(
      `BT /${font} ${n(options.size)} Tf ${color(options.rgb ?? [33, 33, 33])} rg ${n(x)} ${n(y)} Td ${pdfString(text)} Tj ET`,
    );
  }

  fillRect(x: number, y: number, width: number, height: number, rgb: Rgb): void {
    this.ops.push(`${color(rgb)} rg ${n(x)} ${n(y)} ${n(width)} ${n(height)} re f`);
  }

  strokeRect(x: number, y: number, width: number, height: number, rgb: Rgb): void {
    this.ops.push(`${color(rgb)} RG 0.75 w ${n(x)} ${n(y)} ${n(width)} ${n(height)} re S`);
  }

  line(x1: number, y1: number, x2: number, y2: number, rgb: Rgb): void {
    this.ops.push(`${color(rgb)} RG 0.5 w ${n(x1)} ${n(y1)} m ${n(x2)} ${n(y2)} l S`);
  }

  /** Draws inside a rectangle only (what `draw` paints outside it is cut off). */
  clipped(x: number, y: number, width: number, height: number, draw: () => void): void {
    this.ops.push(`q ${n(x)} ${n(y)} ${n(width)} ${n(height)} re W n`);
    draw();
    this.ops.push('Q');
  }

  content(): string {
    return this.ops.join('\n');
  }
}

import { pdfUnicodeString } from './win-ansi.ts';

/**
 * A PDF file built from numbered objects: the writer records each object's byte offset while it
 * writes the body, then the cross-reference table and trailer that let readers find them. Content
 * streams are left uncompressed, so the text can be searched in the raw file.
 */
export class PdfDocument {
  private readonly objects: string[] = [];

  /** Reserves an object number, for objects that refer to each other (pages and their parent). */
  reserve(): number {
    this.objects.push('null');
    return this.objects.length;
  }

  set(id: number, body: string): void {
    this.objects[id - 1] = body;
  }

  add(body: string): number {
    const id = this.reserve();
    this.set(id, body);
    return id;
  }

  /** A stream object; `content` must be 7-bit (text goes through pdfString). */
  addStream(content: string): number {
    return this.add(
      `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    );
  }

  toBuffer(rootId: number, info: { title: string; created: Date }): Buffer {
    const date = info.created.toISOString().replace(/[-:T]/g, '').slice(0, 14);
    const infoId = this.add(
      `<< /Title ${pdfUnicodeString(info.title)} /Producer (Canopy emulator) /CreationDate (D:${date}Z) >>`,
    );
    // The binary comment line tells transfer tools the file is not plain text.
    let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
    const offsets: number[] = [];
    this.objects.forEach((object, index) => {
      offsets.push(Buffer.byteLength(body, 'latin1'));
      body += `${index + 1} 0 obj\n${object}\nendobj\n`;
    });
    const xref = Buffer.byteLength(body, 'latin1');
    const size = this.objects.length + 1;
    body += `xref\n0 ${size}\n0000000000 65535 f \n`;
    body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
    body += `trailer\n<< /Size ${size} /Root ${rootId} 0 R /Info ${infoId} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
    return Buffer.from(body, 'latin1');
  }
}

// Reading a PDF's words back in tests, as a person reads the printed page: PDFKit writes each line as one text
// operator, its words in hex and split where the font kerns, and the page's content compressed.
import zlib from 'node:zlib';

/** The text lines of a PDFKit document, in the order they were written. */
export function pdfLines(bytes: Buffer): string[] {
  const file = bytes.toString('latin1');
  const lines: string[] = [];
  for (const stream of file.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = zlib.inflateSync(Buffer.from(stream[1] ?? '', 'latin1')).toString('latin1');
    } catch {
      continue; // not a compressed content stream (a font, an image)
    }
    for (const shown of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const hex = [...(shown[1] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)].map((part) => part[1]).join('');
      lines.push(Buffer.from(hex, 'hex').toString('latin1'));
    }
  }
  return lines;
}

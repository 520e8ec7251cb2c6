import { create, type Font } from 'fontkit';

/** A font parsed by fontkit, the parser pdfkit itself uses: pdfkit's registerFont takes it as it takes a file. */
export type PdfFont = Font;

/** Parse a font file's bytes; in a collection (.ttc) the face named, or the first one when none is. */
export function openFont(bytes: Uint8Array, face?: string): PdfFont {
  const parsed = create(bytes, face);
  if ('layout' in parsed) return parsed;
  const first = parsed.fonts[0];
  if (!first) throw new Error('the font collection holds no font');
  return first;
}

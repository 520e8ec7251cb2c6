// fontkit ships no types: only what services/pdf-font.ts uses, the rest of the font is pdfkit's business
declare module 'fontkit' {
  /** A parsed font face: pdfkit lays text out and subsets it through these methods. */
  export interface Font {
    readonly postscriptName: string;
    layout(text: string): unknown;
    createSubset(): unknown;
  }
  /** A font collection (.ttc) before a face is picked. */
  export interface FontCollection {
    readonly fonts: Font[];
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font | FontCollection;
}

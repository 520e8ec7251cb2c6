import { REPORT_LABELS, formatDateTime, type Language, type Statistics } from '@liftcloud/client';
import { existsSync, readFileSync } from 'node:fs';
import type { PdfFont } from './pdf-font.js';
import { HttpError } from '../http/errors.js';

/**
 * The fonts a report may be set in, first found wins: LIFTCLOUD_PDF_FONT (a .ttf, .otf or .ttc), then Debian's
 * fonts-noto-cjk. A .ttc names the face inside it. Latin text alone falls back to the PDF's built-in Helvetica.
 */
const CJK_FONTS: { path: string; face?: string }[] = [
  ...(process.env.LIFTCLOUD_PDF_FONT
    ? [{ path: process.env.LIFTCLOUD_PDF_FONT, face: process.env.LIFTCLOUD_PDF_FONT_FACE }]
    : []),
  { path: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', face: 'NotoSansCJKsc-Regular' },
  { path: '/usr/share/fonts/opentype/noto/NotoSansCJKsc-Regular.otf' },
  { path: '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc', face: 'WenQuanYiMicroHei' },
];

export const reportFont = (): { path: string; face?: string } | null =>
  CJK_FONTS.find((f) => existsSync(f.path)) ?? null;

/**
 * The parsed font, made once per process and handed to every document: a CJK collection is about 19 MB, and reading
 * and parsing it for each report was most of a report's PDF time (README, "Monthly report"). pdfkit takes a fontkit
 * font as it takes the file and subsets it per document (only the glyphs that document used are embedded); the
 * parsed tables and glyph outlines are read-only once made, so documents being written at once can share them.
 */
const parsedFonts = new Map<string, PdfFont>();
const parsedFont = (kit: PdfKit, font: { path: string; face?: string }): PdfFont => {
  const key = `${font.path}#${font.face ?? ''}`;
  let parsed = parsedFonts.get(key);
  if (!parsed) parsedFonts.set(key, (parsed = kit.openFont(readFileSync(font.path), font.face)));
  return parsed;
};
/** Forget the parsed fonts: the next document parses its font again (bench/monthly-report.ts measures both). */
export const forgetParsedFonts = (): void => parsedFonts.clear();

/** pdfkit and its font parser, loaded with the first report rather than at start (docs/decisions.md "Loaded when first used"). */
interface PdfKit {
  PDFDocument: typeof import('pdfkit');
  openFont: typeof import('./pdf-font.js').openFont;
}
// Node keeps a module once imported, so a second report only waits a turn; a failed import is tried again.
const loadPdfKit = async (): Promise<PdfKit> => {
  const [pdfkit, fonts] = await Promise.all([import('pdfkit'), import('./pdf-font.js')]);
  return { PDFDocument: pdfkit.default, openFont: fonts.openFont };
};

type Month = Statistics['months'][number];
export type SeriesKey = 'faults' | 'alarms' | 'trapped' | 'powerCuts';

/** The chart colours, the same as the console's ECharts series (pages/statistics). */
export const SERIES_COLORS: Record<SeriesKey, string> = {
  faults: '#faad14',
  alarms: '#ff4d4f',
  trapped: '#722ed1',
  powerCuts: '#1677ff',
};

const axisTop = (max: number) => {
  if (max <= 5) return 5;
  const power = 10 ** Math.floor(Math.log10(max));
  return [1, 2, 5, 10].map((m) => m * power).find((v) => v >= max)!;
};

export interface TableColumn {
  label: string;
  width: number;
  align?: 'left' | 'right';
}

const LEFT = 50;
const WIDTH = 495;
const ROW = 18;

/**
 * The pieces every report's PDF is made of (A4, the reader's language): a title, lines of text, headed tables
 * that continue on the next page, a bar chart by month drawn as vector paths, and the footer. Text is set in the
 * CJK font found (subset embedded, so pdftotext and any reader get the characters back); a Chinese report
 * without one is refused with 503 `error.pdfFont` rather than printed as empty boxes.
 */
export class ReportPdf {
  readonly doc: PDFKit.PDFDocument;
  private readonly done: Promise<Buffer>;

  /** A new document (pdfkit is loaded by the first). */
  static async open(title: string, lang: Language): Promise<ReportPdf> {
    const font = reportFont();
    if (!font && lang === 'zh-CN') throw new HttpError(503, 'error.pdfFont');
    return new ReportPdf(await loadPdfKit(), title, lang, font);
  }

  private constructor(
    kit: PdfKit,
    title: string,
    readonly lang: Language,
    font: { path: string; face?: string } | null,
  ) {
    const { PDFDocument } = kit;
    this.doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: title, Creator: 'LiftCloud' } });
    const chunks: Buffer[] = [];
    this.done = new Promise<Buffer>((resolve, reject) => {
      this.doc.on('data', (c: Buffer) => chunks.push(c));
      this.doc.on('end', () => resolve(Buffer.concat(chunks)));
      this.doc.on('error', reject);
    });
    if (font) {
      // pdfkit takes a fontkit font where it takes a file (its font factory checks for `layout`); its types list files only
      this.doc.registerFont('body', parsedFont(kit, font) as unknown as Buffer);
      this.doc.font('body');
    }
    this.doc.fontSize(20).fillColor('#000').text(title, LEFT, 50);
    this.doc.moveDown(0.5).fontSize(11);
  }

  /** Start a new page when fewer than `height` points are left on this one. */
  private room(height: number): void {
    if (this.doc.y + height > this.doc.page.height - 50) {
      this.doc.addPage();
      this.doc.y = 50;
    }
  }

  line(text: string): this {
    this.doc.fontSize(11).fillColor('#000').text(text, LEFT, this.doc.y, { width: WIDTH });
    return this;
  }

  heading(text: string): this {
    this.room(60);
    this.doc
      .fontSize(14)
      .fillColor('#000')
      .text(text, LEFT, this.doc.y + 12, { width: WIDTH });
    this.doc.y += 4;
    return this;
  }

  /** Label and value in two columns, one bordered row each. */
  keyValues(pairs: [string, string][]): this {
    this.table(
      [
        { label: '', width: 320 },
        { label: '', width: WIDTH - 320, align: 'right' },
      ],
      pairs,
      false,
    );
    return this;
  }

  /** A bordered table; the header is repeated on each page it runs onto. */
  table(columns: TableColumn[], rows: string[][], header = true): this {
    const doc = this.doc;
    const drawRow = (cells: string[], bold: boolean) => {
      const y = doc.y;
      if (bold) doc.rect(LEFT, y, WIDTH, ROW).fillColor('#fafafa').fill();
      doc.rect(LEFT, y, WIDTH, ROW).strokeColor('#d9d9d9').stroke();
      let x = LEFT;
      // the header smaller: a column's label is often longer than its numbers
      doc.fontSize(bold ? 7.5 : 9).fillColor('#000');
      columns.forEach((c, i) => {
        doc.text(cells[i] ?? '', x + 4, y + 5, {
          width: c.width - 8,
          height: ROW - 4,
          align: c.align ?? 'left',
          ellipsis: true,
          lineBreak: false,
        });
        x += c.width;
      });
      doc.x = LEFT;
      doc.y = y + ROW;
    };
    const head = () =>
      header &&
      drawRow(
        columns.map((c) => c.label),
        true,
      );
    this.room(ROW * 2);
    head();
    for (const r of rows) {
      // a table running onto the next page shows what its columns are again
      if (doc.y + ROW > doc.page.height - 50) {
        doc.addPage();
        doc.y = 50;
        head();
      }
      drawRow(r, false);
    }
    doc.y += 4;
    return this;
  }

  /** Grouped bars per month, one colour per series, a legend above and three grid lines. */
  chart(months: Month[], series: { key: SeriesKey; label: string }[], chartH = 160): this {
    const doc = this.doc;
    this.room(chartH + 60);
    const chartTop = doc.y + 24;
    const axisLeft = LEFT + 30;
    const top = axisTop(Math.max(0, ...months.flatMap((m) => series.map((s) => m[s.key]))));
    doc.fontSize(8);
    series.forEach((s, i) => {
      const lx = LEFT + i * 120;
      doc
        .rect(lx, chartTop - 16, 10, 8)
        .fillColor(SERIES_COLORS[s.key])
        .fill();
      doc.fillColor('#000').text(s.label, lx + 14, chartTop - 17, { width: 100 });
    });
    for (const v of [0, top / 2, top]) {
      const ly = chartTop + chartH - (v / top) * chartH;
      doc
        .moveTo(axisLeft, ly)
        .lineTo(LEFT + WIDTH, ly)
        .strokeColor('#e0e0e0')
        .stroke();
      doc.fillColor('#555').text(String(v), LEFT, ly - 4, { width: 26, align: 'right' });
    }
    const slot = (LEFT + WIDTH - axisLeft) / Math.max(1, months.length);
    const bar = Math.min(series.length === 1 ? 40 : 14, (slot - 8) / series.length);
    months.forEach((m, i) => {
      const x0 = axisLeft + i * slot + (slot - bar * series.length) / 2;
      series.forEach((s, j) => {
        const h = (m[s.key] / top) * chartH;
        if (h > 0)
          doc
            .rect(x0 + j * bar, chartTop + chartH - h, bar - 1, h)
            .fillColor(SERIES_COLORS[s.key])
            .fill();
        // one series: its value above the bar, a reader of paper cannot hover
        if (series.length === 1)
          doc.fillColor('#000').text(String(m[s.key]), x0, chartTop + chartH - h - 11, { width: bar, align: 'center' });
      });
      doc.fillColor('#000').text(m.month, axisLeft + i * slot, chartTop + chartH + 4, { width: slot, align: 'center' });
    });
    doc.x = LEFT;
    doc.y = chartTop + chartH + 20;
    return this;
  }

  /**
   * One series as bars over many points (a period's days): the axis labelled at most about twelve times, the
   * legend above; values are not printed (the table beside it carries them).
   */
  series(points: { label: string; value: number }[], legend: string, color = '#1677ff', chartH = 150): this {
    const doc = this.doc;
    this.room(chartH + 60);
    const chartTop = doc.y + 24;
    const axisLeft = LEFT + 36;
    const max = Math.max(0, ...points.map((p) => p.value));
    const top = max <= 5 ? 5 : axisTop(Math.ceil(max));
    doc.fontSize(8);
    doc
      .rect(LEFT, chartTop - 16, 10, 8)
      .fillColor(color)
      .fill();
    doc.fillColor('#000').text(legend, LEFT + 14, chartTop - 17, { width: 300 });
    for (const v of [0, top / 2, top]) {
      const ly = chartTop + chartH - (v / top) * chartH;
      doc
        .moveTo(axisLeft, ly)
        .lineTo(LEFT + WIDTH, ly)
        .strokeColor('#e0e0e0')
        .stroke();
      doc.fillColor('#555').text(String(v), LEFT, ly - 4, { width: 32, align: 'right' });
    }
    const slot = (LEFT + WIDTH - axisLeft) / Math.max(1, points.length);
    const every = Math.max(1, Math.ceil(points.length / 12));
    points.forEach((p, i) => {
      const h = (p.value / top) * chartH;
      if (h > 0)
        doc
          .rect(axisLeft + i * slot + slot * 0.1, chartTop + chartH - h, Math.max(0.5, slot * 0.8), h)
          .fillColor(color)
          .fill();
      if (i % every === 0)
        doc
          .fillColor('#000')
          .text(p.label, axisLeft + i * slot - 20, chartTop + chartH + 4, { width: 40 + slot, align: 'center' });
    });
    doc.x = LEFT;
    doc.y = chartTop + chartH + 20;
    return this;
  }

  /** The footer line, then the finished file. */
  finish(tz: string, extra?: string): Promise<Buffer> {
    const L = REPORT_LABELS.generated[this.lang];
    this.doc
      .moveDown(2)
      .fontSize(8)
      .fillColor('#888')
      .text(`${L}: ${formatDateTime(Date.now(), tz)}${extra ? `    ${extra}` : ''}`, LEFT, this.doc.y, {
        width: WIDTH,
      });
    this.doc.end();
    return this.done;
  }
}

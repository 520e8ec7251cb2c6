/**
 * A streaming reader of an .xlsx workbook's first sheet: the sheet XML is inflated and parsed (saxen) chunk by
 * chunk and each row is handed on as soon as it closes, so memory holds the shared strings and one row, never
 * the sheet. The hostile-file checks happen here, while reading: formulas, over-long cells, the row cap (which
 * stops the parse and only counts what is left), over-long XML tokens.
 */
import { Parser } from 'saxen';
import { ImportFileError } from './errors.js';
import type { ImportLimits } from './limits.js';
import type { XlsxArchive } from './zip.js';

/** A cell as the reader gives it: text trimmed (empty text is null), numbers, booleans, dates for date formats. */
export type Cell = string | number | boolean | Date | null | undefined;

export interface RowSink {
  /** One row: its sheet row number, its cells by column (gaps are undefined), its width including cells past `cells`. */
  row(rowNo: number, cells: Cell[], width: number): void;
  /** Called between chunks: a promise holds the reading back until the rows so far are taken. */
  drain?(): void | Promise<void>;
}

/** The spreadsheet name of a column: 0 → A, 26 → AA. */
export function columnLetter(index: number): string {
  let s = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

/** Column index of a cell reference: "B7" → 1; -1 when there is none. */
function columnOf(ref: string | undefined): number {
  if (!ref) return -1;
  let n = 0;
  let i = 0;
  for (; i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    if (c < 65 || c > 90) break;
    n = n * 26 + (c - 64);
  }
  return i === 0 ? -1 : n - 1;
}

const notXlsx = () => new ImportFileError(400, 'notXlsx');

/** Element name without a namespace prefix (x:row → row). */
const local = (name: string) => {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
};

/** Built-in number formats that show dates or times (ECMA-376 18.8.30, and the East Asian ones). */
const DATE_FORMAT_IDS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56,
  57, 58,
]);

/** A custom format code that shows a date or time: y, m, d, h or s outside quotes, escapes and [colour] blocks. */
export function isDateFormatCode(code: string): boolean {
  const bare = code
    .split(';')[0]!
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '')
    .replace(/\[(?![hms]+\])[^\]]*\]/gi, '');
  return /[ymdhs]/i.test(bare);
}

/** Parse a small XML part whole; malformed XML refuses the file. */
function parseSmall(
  xml: string,
  onOpen: (name: string, attrs: Record<string, string>, decode: (t: string) => string) => void,
  onClose?: (name: string) => void,
): void {
  const parser = new Parser();
  parser.on('error', () => {
    throw notXlsx();
  });
  parser.on('openTag', (name, attrs, decode) => onOpen(local(name), attrs(), decode));
  if (onClose) parser.on('closeTag', (name) => onClose(local(name)));
  parser.parse(xml);
}

/** Where the parts of the first sheet are, and the workbook's date system. */
interface WorkbookParts {
  sheet: string;
  sharedStrings: string | null;
  styles: string | null;
  date1904: boolean;
}

async function locate(archive: XlsxArchive): Promise<WorkbookParts> {
  let firstSheetRel: string | null = null;
  let date1904 = false;
  parseSmall(await archive.text('xl/workbook.xml'), (name, attrs) => {
    if (name === 'workbookPr') date1904 = attrs.date1904 === '1' || attrs.date1904 === 'true';
    if (name === 'sheet' && firstSheetRel === null)
      for (const [key, value] of Object.entries(attrs)) if (key === 'id' || key.endsWith(':id')) firstSheetRel = value;
  });
  const targets = new Map<string, string>();
  const byType = new Map<string, string>();
  if (archive.has('xl/_rels/workbook.xml.rels'))
    parseSmall(await archive.text('xl/_rels/workbook.xml.rels'), (name, attrs, decode) => {
      if (name !== 'Relationship' || !attrs.Target) return;
      const target = decode(attrs.Target);
      const path = target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`;
      if (attrs.Id) targets.set(attrs.Id, path);
      const type = attrs.Type?.slice(attrs.Type.lastIndexOf('/') + 1);
      if (type) byType.set(type, path);
    });
  const sheet = (firstSheetRel && targets.get(firstSheetRel)) ?? 'xl/worksheets/sheet1.xml';
  if (!archive.has(sheet)) throw notXlsx();
  const part = (type: string, fallback: string) => {
    const path = byType.get(type) ?? fallback;
    return archive.has(path) ? path : null;
  };
  return {
    sheet,
    sharedStrings: part('sharedStrings', 'xl/sharedStrings.xml'),
    styles: part('styles', 'xl/styles.xml'),
    date1904,
  };
}

/** Which cell styles (their index in cellXfs) show dates. */
async function dateStyles(archive: XlsxArchive, path: string | null): Promise<boolean[]> {
  if (!path) return [];
  const custom = new Map<number, string>();
  const styles: boolean[] = [];
  let inCellXfs = false;
  parseSmall(
    await archive.text(path),
    (name, attrs, decode) => {
      if (name === 'numFmt') custom.set(Number(attrs.numFmtId), decode(attrs.formatCode ?? ''));
      else if (name === 'cellXfs') inCellXfs = true;
      else if (name === 'xf' && inCellXfs) {
        const id = Number(attrs.numFmtId ?? 0);
        const code = custom.get(id);
        styles.push(code !== undefined ? isDateFormatCode(code) : DATE_FORMAT_IDS.has(id));
      }
    },
    (name) => {
      if (name === 'cellXfs') inCellXfs = false;
    },
  );
  return styles;
}

/**
 * Feeds a streamed part to a saxen parser, refusing a token (a tag or a text) longer than `maxToken`
 * characters: the parser keeps an unfinished token whole until it ends, so a part of spaces would grow it.
 */
function tokenGuard(parser: Parser, maxToken: number): (text: string) => void {
  let sinceTag = 0;
  return (text) => {
    const lt = text.lastIndexOf('<');
    sinceTag = lt < 0 ? sinceTag + text.length : text.length - lt;
    if (sinceTag > maxToken) throw new ImportFileError(413, 'tooComplex');
    parser.write(text);
  };
}

function newParser(): Parser {
  return new Parser().on('error', () => {
    throw notXlsx();
  });
}

/** Characters of shared strings kept in one page (one flat string). */
const PAGE_CHARS = 64 * 1024;

/**
 * The shared-string table, compact: the strings joined into pages of about 64K characters with their end
 * offsets in a typed array, and a cell's string sliced out when it is read. Half a million strings held one by
 * one (each its own object, each keeping its parser chunk alive) cost about 36 MB of the B3 file's worker heap;
 * as pages they cost their text and 8 bytes each.
 */
class SharedStrings {
  private readonly pages: string[] = [];
  private current: string[] = [];
  private currentChars = 0;
  private page = new Uint32Array(1024);
  private end = new Uint32Array(1024);
  count = 0;

  add(text: string): void {
    if (this.count === this.end.length) {
      const grow = (a: Uint32Array) => {
        const b = new Uint32Array(a.length * 2);
        b.set(a);
        return b;
      };
      this.page = grow(this.page);
      this.end = grow(this.end);
    }
    this.current.push(text);
    this.currentChars += text.length;
    this.page[this.count] = this.pages.length;
    this.end[this.count] = this.currentChars;
    this.count++;
    if (this.currentChars >= PAGE_CHARS) this.seal();
  }

  /** Close the page being filled (after the last string too). */
  seal(): void {
    if (!this.current.length) return;
    this.pages.push(this.current.join(''));
    this.current = [];
    this.currentChars = 0;
  }

  get(index: number): string | undefined {
    if (!(index >= 0 && index < this.count) || !Number.isInteger(index)) return undefined;
    const page = this.page[index]!;
    const start = index > 0 && this.page[index - 1] === page ? this.end[index - 1]! : 0;
    return this.pages[page]!.slice(start, this.end[index]);
  }
}

async function sharedStrings(archive: XlsxArchive, path: string | null, maxToken: number): Promise<SharedStrings> {
  const out = new SharedStrings();
  if (!path) return out;
  const parser = newParser();
  let text: string | null = null; // the string item being read
  let inT = false;
  let phonetic = 0; // <rPh> runs are reading aids, not the cell's text
  parser.on('openTag', (raw, _attrs, _decode, selfClosing) => {
    const name = local(raw);
    if (name === 'si') text = selfClosing ? (out.add(''), null) : '';
    else if (name === 't') inT = !selfClosing && phonetic === 0;
    else if (name === 'rPh' && !selfClosing) phonetic++;
  });
  parser.on('closeTag', (raw, _decode, selfClosing) => {
    if (selfClosing) return;
    const name = local(raw);
    if (name === 't') inT = false;
    else if (name === 'rPh') phonetic--;
    else if (name === 'si' && text !== null) {
      out.add(text.trim());
      text = null;
    }
  });
  parser.on('text', (t, decode) => {
    if (inT && text !== null) text += decode(t);
  });
  parser.on('cdata', (t) => {
    if (inT && text !== null) text += t;
  });
  const feed = tokenGuard(parser, maxToken);
  await archive.stream(path, feed);
  parser.end();
  out.seal();
  return out;
}

const DAY_MS = 86_400_000;
/** Day 0 of the 1900 date system (1899-12-30, the 1900 leap-year bug included) and of the 1904 one. */
const EPOCH_1900 = Date.UTC(1899, 11, 30);
const EPOCH_1904 = Date.UTC(1904, 0, 1);

/**
 * Read the first sheet of the workbook, row by row, into `sink`. Throws an ImportFileError for a file refused
 * as a whole: not a workbook, a formula, a cell over limits.maxCellChars, more than limits.maxRows data rows
 * (counted to the end without parsing cells, so the answer can say how many), a part beyond the archive's budget.
 */
export async function readFirstSheet(archive: XlsxArchive, limits: ImportLimits, sink: RowSink): Promise<void> {
  const parts = await locate(archive);
  const dates = await dateStyles(archive, parts.styles);
  // A cell may hold maxCellChars characters, each escaped (&#x12345; is 9): anything longer is no cell.
  const maxToken = Math.max(1024 * 1024, limits.maxCellChars * 10);
  const shared = await sharedStrings(archive, parts.sharedStrings, maxToken);
  const epoch = parts.date1904 ? EPOCH_1904 : EPOCH_1900;
  const maxColumns = limits.maxColumns;

  const parser = newParser();
  let inSheetData = false;
  // The row being read.
  let rowNo = 0;
  let cells: Cell[] = [];
  let width = 0;
  // Rows seen: past the cap, only these are counted.
  let rowElements = 0;
  let highestRow = 0;
  let overCap = false;
  // The cell being read.
  let col = -1;
  let type = 'n';
  let style = 0;
  let value: string | null = null; // <v> text, or <is> text for inline strings
  let inV = false;
  let inIsT = false;
  let phonetic = 0;

  const ref = () => `${columnLetter(col)}${rowNo}`;
  const tooLong = (length: number) =>
    new ImportFileError(413, 'cellTooLong', { cell: ref(), length, limit: limits.maxCellChars });

  const cellValue = (): Cell => {
    if (type === 's') {
      const s = value === null || value === '' ? undefined : shared.get(Number(value));
      if (s === undefined) throw notXlsx();
      return s;
    }
    if (value === null) return null;
    switch (type) {
      case 'str':
      case 'inlineStr':
      case 'e':
        return value.trim();
      case 'b':
        return value === '1' || value === 'true';
      case 'd': {
        const d = new Date(value);
        return Number.isNaN(d.getTime()) ? value : d;
      }
      default: {
        if (value === '') return null;
        const n = Number(value);
        if (Number.isNaN(n)) throw notXlsx();
        return dates[style] ? new Date(epoch + Math.round(n * DAY_MS)) : n;
      }
    }
  };

  parser.on('openTag', (raw, attrs, _decode, selfClosing) => {
    const name = local(raw);
    if (overCap) {
      if (name === 'row') countRow(attrs().r);
      return;
    }
    switch (name) {
      case 'sheetData':
        inSheetData = !selfClosing;
        return;
      case 'row':
        if (!inSheetData) return;
        countRow(attrs().r);
        if (overCap) return;
        cells = [];
        width = 0;
        if (selfClosing) endRow();
        return;
      case 'c': {
        if (!inSheetData) return;
        const a = attrs();
        const at = columnOf(a.r);
        col = at >= 0 ? at : col + 1;
        type = a.t ?? 'n';
        style = a.s ? Number(a.s) : 0;
        value = null;
        if (selfClosing) endCell();
        return;
      }
      case 'f':
        if (inSheetData) throw new ImportFileError(400, 'formula', { cell: ref() });
        return;
      case 'v':
        inV = !selfClosing;
        if (inV) value = '';
        return;
      case 'is':
        value = '';
        return;
      case 't':
        inIsT = !selfClosing && value !== null && phonetic === 0;
        return;
      case 'rPh':
        if (!selfClosing) phonetic++;
        return;
    }
  });

  parser.on('closeTag', (raw, _decode, selfClosing) => {
    if (overCap || selfClosing) return;
    switch (local(raw)) {
      case 'sheetData':
        inSheetData = false;
        return;
      case 'row':
        if (inSheetData) endRow();
        return;
      case 'c':
        if (inSheetData) endCell();
        return;
      case 'v':
        inV = false;
        return;
      case 't':
        inIsT = false;
        return;
      case 'rPh':
        phonetic--;
        return;
    }
  });

  const onText = (t: string) => {
    if (inV || inIsT) {
      value += t;
      if (value!.length > limits.maxCellChars) throw tooLong(value!.length);
    }
  };
  parser.on('text', (t, decode) => {
    if (inV || inIsT) onText(decode(t));
  });
  parser.on('cdata', onText);

  function countRow(r: string | undefined) {
    rowElements++;
    rowNo = r ? Number(r) : highestRow + 1;
    if (!Number.isSafeInteger(rowNo) || rowNo < 1) throw notXlsx();
    highestRow = Math.max(highestRow, rowNo);
    if (Math.max(rowElements, highestRow) - 1 > limits.maxRows) overCap = true;
    col = -1;
  }

  function endCell() {
    const v = cellValue();
    if (typeof v === 'string' && v.length > limits.maxCellChars) throw tooLong(v.length);
    if (col >= width) width = col + 1;
    // Cells past the widest header the limits allow are never looked at, so they are not kept.
    if (col <= maxColumns) cells[col] = v === '' ? null : v;
    value = null;
  }

  function endRow() {
    sink.row(rowNo, cells, width);
  }

  const feed = tokenGuard(parser, maxToken);
  await archive.stream(parts.sheet, async (text) => {
    feed(text);
    if (!overCap) await sink.drain?.();
  });
  parser.end();
  if (overCap) {
    const count = Math.max(rowElements, highestRow) - 1;
    throw new ImportFileError(413, 'tooManyRows', { count, limit: limits.maxRows });
  }
}

import {
  LANGUAGES,
  checkSchema,
  issueMessage,
  validateInput,
  type EntityDef,
  type Field,
  type Fields,
  type Issue,
  type Language,
} from '@liftcloud/client';
import { ImportFileError, type RowError } from './errors.js';
import type { Cell } from './sheet-reader.js';
import type { ImportSpec } from './importable.js';
import type { ImportLimits } from './limits.js';
import { importMessage } from './messages.js';

export type { Cell } from './sheet-reader.js';
export { columnLetter } from './sheet-reader.js';

const META_LABELS = [
  { 'zh-CN': '编号', 'en-US': 'ID', 'it-Italy': 'ID' },
  { 'zh-CN': '创建时间', 'en-US': 'Created', 'it-Italy': 'Creato' },
  { 'zh-CN': '更新时间', 'en-US': 'Updated', 'it-Italy': 'Aggiornato' },
];

export const normaliseHeader = (v: unknown): string =>
  String(v ?? '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

/**
 * Which field each header names: a writable field's label in any of the three languages, or its key. Labels
 * of read-only fields, the id and the times (the columns an export adds) are known and skipped.
 */
export function headerMap(entity: EntityDef<Fields>): Map<string, string | null> {
  const map = new Map<string, string | null>();
  const fields = entity.fields as Fields;
  for (const [key, f] of Object.entries(fields))
    if (f.readOnly || f.createOnly) {
      for (const lang of LANGUAGES) map.set(normaliseHeader(f.label[lang]), null);
      map.set(key.toLowerCase(), null);
    }
  for (const label of META_LABELS) for (const lang of LANGUAGES) map.set(normaliseHeader(label[lang]), null);
  for (const key of ['id', 'createTime', 'updateTime']) map.set(key.toLowerCase(), null);
  for (const c of entity.columns) {
    for (const lang of LANGUAGES) map.set(normaliseHeader(c.label[lang]), c.key);
    map.set(c.key.toLowerCase(), c.key);
  }
  return map;
}

const TRUE_WORDS = new Set(['yes', 'y', 'true', '1', '是', 'sì', 'si', 'vero', 'on', '√', '✓']);
const FALSE_WORDS = new Set(['no', 'n', 'false', '0', '否', 'falso', 'off', '×', '✗']);

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const isoDate = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const isoDateTime = (d: Date) =>
  `${isoDate(d)} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
/** Excel's day 0 is 1899-12-30 (the 1900 leap-year bug included). */
const fromSerial = (n: number) => new Date(Date.UTC(1899, 11, 30) + Math.round(n * 86_400_000));

function dateText(v: Cell, withTime: boolean): unknown {
  if (v instanceof Date) return withTime ? isoDateTime(v) : isoDate(v);
  if (typeof v === 'number' && v > 0 && v < 2_958_466)
    return withTime ? isoDateTime(fromSerial(v)) : isoDate(fromSerial(v));
  if (typeof v !== 'string') return v;
  const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(v.trim());
  if (!m) return v;
  const date = `${m[1]}-${pad(Number(m[2]))}-${pad(Number(m[3]))}`;
  if (!withTime) return m[4] === undefined ? date : v;
  return `${date} ${pad(Number(m[4] ?? 0))}:${m[5] ?? '00'}:${m[6] ?? '00'}`;
}

/** Number text as a number; anything else stays as it is, for the schema check to name. */
function numeric(v: Cell): unknown {
  if (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim())) return Number(v.trim());
  if (typeof v === 'boolean') return v ? 1 : 0;
  return v;
}

interface EnumIndex {
  /** Labels as written, for the common case; normalised labels for the rest. */
  exact: Map<string, number>;
  byWord: Map<string, number>;
  codes: Set<number>;
}

function enumIndex(f: Field): EnumIndex {
  const exact = new Map<string, number>();
  const byWord = new Map<string, number>();
  const codes = new Set<number>();
  for (const o of f.enumDef?.options ?? []) {
    codes.add(o.code);
    for (const lang of LANGUAGES) {
      exact.set(o.label[lang], o.code);
      byWord.set(normaliseHeader(o.label[lang]), o.code);
    }
  }
  return { exact, byWord, codes };
}

/**
 * One cell as the value its field takes: enum cells by code or by label in any language, yes/no words for
 * booleans, dates from date cells or text. What cannot be converted is returned with the issue to report.
 */
export function convertCell(
  f: Field,
  v: Cell,
  enums?: EnumIndex,
): { value: unknown; issue?: Issue['rule']; params?: Issue['params'] } {
  switch (f.kind) {
    case 'text':
    case 'secret':
      if (typeof v === 'number') return { value: Number.isInteger(v) ? v.toFixed(0) : String(v) };
      if (v instanceof Date) return { value: isoDate(v) };
      return { value: typeof v === 'boolean' ? String(v) : v };
    case 'int':
    case 'number':
    case 'ref':
      return { value: numeric(v) };
    case 'enum': {
      const idx = enums ?? enumIndex(f);
      const hit = typeof v === 'string' ? idx.exact.get(v) : undefined;
      if (hit !== undefined) return { value: hit };
      const n = numeric(v);
      if (typeof n === 'number' && idx.codes.has(n)) return { value: n };
      const code = idx.byWord.get(normaliseHeader(v));
      if (code !== undefined) return { value: code };
      return { value: v, issue: 'validation.enum' };
    }
    case 'bool': {
      if (typeof v === 'boolean') return { value: v };
      const w = normaliseHeader(v);
      if (TRUE_WORDS.has(w)) return { value: true };
      if (FALSE_WORDS.has(w)) return { value: false };
      return { value: v, issue: 'validation.type', params: { type: 'validation.type.boolean' } };
    }
    case 'date':
      return { value: dateText(v, false) };
    case 'datetime':
      return { value: dateText(v, true) };
    case 'ids': {
      if (typeof v === 'number') return { value: [v] };
      const parts = String(v)
        .split(/[,，、;；\s]+/)
        .filter(Boolean);
      return { value: parts.map((p) => (/^\d+$/.test(p) ? Number(p) : p)) };
    }
  }
  return { value: v };
}

const isEmpty = (v: Cell) => v === null || v === undefined || v === '';

/** Converted rows ready for the store step, in the order of `SheetConverter.fields`. */
export interface RowBatch {
  rows: unknown[][];
  /** The spreadsheet row number of each row. */
  rowNumbers: number[];
}

/** Row problems found in the file itself, and how many rows it has. */
export interface FileProblems {
  errors: RowError[];
  errorCount: number;
  badRows: number;
  total: number;
}

/**
 * The sheet as rows for an entity, row by row as the reader hands them over: the header names the fields,
 * every cell is converted to its field's type, every row is validated with the forms' rules (validateInput) and
 * checked for repeats within the file. Good rows wait in a batch for the store step; bad ones are reported, and
 * any bad row makes the whole file answer with the list of problems.
 */
export class SheetConverter {
  /** The fields present in the file, in the order of each converted row's values. */
  fields: string[] = [];
  private readonly fieldDefs: Fields;
  private present: { f: string; c: number }[] = [];
  private readonly enumIdx = new Map<string, EnumIndex>();
  private readonly errors: RowError[] = [];
  private errorCount = 0;
  private badRows = 0;
  private total = 0;
  private batch: RowBatch = { rows: [], rowNumbers: [] };
  /** Values seen per unique field (and per re-import key), for repeats within the file. */
  private readonly firstRow = new Map<string, Map<string, number>>();
  private uniqueFields: string[] = [];

  constructor(
    private readonly spec: ImportSpec,
    private readonly language: Language,
    private readonly limits: ImportLimits,
  ) {
    this.fieldDefs = spec.entity.fields as Fields;
  }

  private label(field: string): string {
    return this.fieldDefs[field]?.label[this.language] ?? field;
  }

  /** The header row (row 1): the problems that stop the import before any row is looked at, if any. */
  header(cells: Cell[], width: number): RowError[] {
    const { entity } = this.spec;
    const { language } = this;
    if (width > this.limits.maxColumns)
      throw new ImportFileError(413, 'tooManyColumns', { count: width, limit: this.limits.maxColumns });
    const known = headerMap(entity);
    const columnField: (string | null)[] = [];
    const headerErrors: RowError[] = [];
    const seen = new Set<string>();
    for (let c = 0; c < width; c++) {
      const text = String(cells[c] ?? '').trim();
      if (!text) {
        columnField.push(null);
        continue;
      }
      const field = known.get(normaliseHeader(text));
      if (field === undefined) {
        headerErrors.push({
          row: 1,
          column: text,
          field: '',
          rule: 'import.unknownColumn',
          message: importMessage(language, 'unknownColumn', { column: text }),
        });
        columnField.push(null);
      } else if (field !== null && seen.has(field)) {
        headerErrors.push({
          row: 1,
          column: text,
          field,
          rule: 'import.repeatedColumn',
          message: importMessage(language, 'repeatedColumn', { column: text }),
        });
        columnField.push(null);
      } else {
        if (field) seen.add(field);
        columnField.push(field);
      }
    }
    for (const c of entity.columns)
      if (this.fieldDefs[c.key]?.required && !seen.has(c.key))
        headerErrors.push({
          row: 1,
          column: this.label(c.key),
          field: c.key,
          rule: 'import.missingColumn',
          message: importMessage(language, 'missingColumn', { column: this.label(c.key) }),
        });
    if (headerErrors.length) return headerErrors;
    this.present = columnField.map((f, c) => (f ? { f, c } : null)).filter((x): x is { f: string; c: number } => !!x);
    this.fields = this.present.map((p) => p.f);
    for (const { f } of this.present)
      if (this.fieldDefs[f]!.kind === 'enum') this.enumIdx.set(f, enumIndex(this.fieldDefs[f]!));
    this.uniqueFields = entity.unique.filter((f) => seen.has(f));
    return [];
  }

  private report(e: RowError): void {
    this.errorCount++;
    if (this.errors.length < this.limits.maxReportedErrors) this.errors.push(e);
  }

  private issueToError(row: number, issue: Issue): RowError {
    const top = issue.field.split('.')[0] ?? issue.field;
    const values = () =>
      (this.fieldDefs[top]?.enumDef?.options ?? []).map((o) => `${o.code} ${o.label[this.language]}`).join(', ');
    const params = issue.rule === 'validation.enum' ? { ...issue.params, values: values() } : issue.params;
    return {
      row,
      column: this.label(top),
      field: top,
      rule: issue.rule,
      message: issueMessage(
        this.spec.entity.createSchema,
        { ...issue, field: top, ...(params ? { params } : {}) },
        this.language,
      ),
    };
  }

  /** One data row: converted into the batch, or its problems reported. */
  row(rowNo: number, cells: Cell[]): void {
    const { spec, fieldDefs: fields, present } = this;
    const { entity } = spec;
    if (present.every(({ c }) => isEmpty(cells[c]))) return; // a blank line
    this.total++;
    const input: Record<string, unknown> = {};
    const issues: Issue[] = [];
    const converted = new Set<string>();
    for (const { f, c } of present) {
      const v = cells[c];
      if (isEmpty(v)) continue;
      const res = convertCell(fields[f]!, v, this.enumIdx.get(f));
      input[f] = res.value;
      if (res.issue) {
        issues.push({ field: f, rule: res.issue, ...(res.params ? { params: res.params } : {}) });
        converted.add(f);
      }
    }
    if (issues.length === 0) {
      if (spec.batchRefine) {
        const schemaIssues = checkSchema(entity.createSchema, input);
        issues.push(...(schemaIssues.length ? schemaIssues : spec.batchRefine(input)));
      } else issues.push(...validateInput(entity, input, 'create'));
    } else {
      // The schema check still names every other field's problem.
      const rest = { ...input };
      for (const f of converted) delete rest[f];
      issues.push(...checkSchema(entity.createSchema, rest).filter((i) => !converted.has(i.field.split('.')[0]!)));
    }
    const keyField = spec.keyOf(input);
    const uniqueFields = this.uniqueFields;
    const checked = keyField && !uniqueFields.includes(keyField) ? [...uniqueFields, keyField] : uniqueFields;
    for (const f of checked) {
      const v = input[f];
      if (v === undefined || v === null || v === '') continue;
      const key = String(v);
      let seenAt = this.firstRow.get(f);
      if (!seenAt) this.firstRow.set(f, (seenAt = new Map()));
      const first = seenAt.get(key);
      if (first === undefined) seenAt.set(key, rowNo);
      else
        issues.push({
          field: f,
          rule: 'import.duplicateInFile' as Issue['rule'],
          params: { value: key, other: first },
        });
    }
    if (issues.length) {
      this.badRows++;
      for (const issue of issues) {
        if ((issue.rule as string) === 'import.duplicateInFile')
          this.report({
            row: rowNo,
            column: this.label(issue.field),
            field: issue.field,
            rule: issue.rule,
            message: importMessage(this.language, 'duplicateInFile', {
              column: this.label(issue.field),
              value: String(issue.params?.value),
              other: Number(issue.params?.other),
            }),
          });
        else this.report(this.issueToError(rowNo, issue));
      }
      return;
    }
    this.batch.rows.push(this.fields.map((f) => input[f] ?? null));
    this.batch.rowNumbers.push(rowNo);
  }

  /** Good rows waiting for the store step. */
  get pending(): number {
    return this.batch.rows.length;
  }

  get badRowCount(): number {
    return this.badRows;
  }

  /** The waiting rows, handed over (the converter keeps none of them). */
  takeBatch(): RowBatch {
    const out = this.batch;
    this.batch = { rows: [], rowNumbers: [] };
    return out;
  }

  /** The file's own problems once every row is read; a sheet with no data row is refused. */
  finish(): FileProblems {
    if (this.total === 0) throw new ImportFileError(400, 'empty');
    return { errors: this.errors, errorCount: this.errorCount, badRows: this.badRows, total: this.total };
  }
}

/** The message of a bad-row answer: how many rows, then the first few problems. */
export function rowProblemsMessage(language: Language, badRows: number, errors: RowError[]): string {
  const first = errors
    .slice(0, 5)
    .map((e) => importMessage(language, 'rowAt', { row: e.row, message: e.message }))
    .join('; ');
  return importMessage(language, 'rowProblems', { count: badRows, first });
}

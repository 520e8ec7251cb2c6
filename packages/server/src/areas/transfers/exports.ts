import { entityOperations, type Field, type Fields, type Language } from '@liftcloud/client';
import type { FastifyInstance } from 'fastify';
import type { AreaDeps } from '../area.js';
import { route } from '../../http/route.js';
import { callerOf } from '../../plugins/auth.js';
import { DEFAULT_EXPORT_MAX_ROWS } from '../../services/xlsx/limits.js';
import { importMessage } from '../../services/xlsx/messages.js';
import { Repository } from '../../store/repository.js';
import { EXPOSED } from '../../tables/index.js';
import { XLSX_TYPE, xlsxSheetStream, type Cell } from '../../services/xlsx-sheet.js';

const PAGE = 1_000;

const ID_LABEL = { 'zh-CN': '编号', 'en-US': 'ID', 'it-Italy': 'ID' };
const CREATED_LABEL = { 'zh-CN': '创建时间', 'en-US': 'Created', 'it-Italy': 'Creato' };

/** The columns of an export: what a user sees in the list (every field a record returns), then the creation time. */
export function exportColumns(fields: Fields): { key: string; field?: Field; label: Record<Language, string> }[] {
  return [
    { key: 'id', label: ID_LABEL },
    ...Object.entries(fields)
      .filter(([, f]) => !f.createOnly && f.kind !== 'secret')
      .map(([key, f]) => ({ key, field: f, label: f.label })),
    { key: 'createTime', label: CREATED_LABEL },
  ];
}

/** One API value as a spreadsheet cell: enums by their label, flags as yes/no, dates as text. */
export function exportCell(field: Field | undefined, v: unknown, lang: Language): Cell {
  if (v === null || v === undefined || v === '') return null;
  if (!field) return typeof v === 'number' ? v : String(v);
  switch (field.kind) {
    case 'enum':
      return field.enumDef?.options.find((o) => o.code === Number(v))?.label[lang] ?? String(v);
    case 'bool':
      return importMessage(lang, v ? 'yes' : 'no');
    case 'ids':
      return Array.isArray(v) ? v.join(',') : String(v);
    case 'int':
    case 'number':
    case 'ref':
      return typeof v === 'number' ? v : Number(v);
    default:
      return typeof v === 'object' ? JSON.stringify(v) : String(v);
  }
}

const stamp = () => new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);

/**
 * GET /api/{entity.path}/export?<the list's filters> for every entity with a list: an .xlsx of every row the
 * caller may see (tenant and organisation scope, filters applied) with the list's columns in the request's
 * language. Bounded: a selection over maxRows is refused with a hint to narrow the filters.
 */
export function registerExports(app: FastifyInstance, ctx: AreaDeps): void {
  const maxRows = ctx.options.exportMaxRows ?? DEFAULT_EXPORT_MAX_ROWS;
  for (const exposure of EXPOSED) {
    const { entity } = exposure.table;
    // Its own repository with fresh, exact totals: exports read pages of 1,000, which list pages do not offer,
    // and refuse a selection over maxRows by its true size.
    const repo = new Repository(exposure.table, ctx.store.db, 0, Infinity);
    const columns = exportColumns(entity.fields as Fields);
    route(app, entityOperations(entity).export, async (req, reply) => {
      const caller = callerOf(req);
      // the list's filters, validated and converted like the list's; every row, not one page
      const { pageNo: _pageNo, pageSize: _pageSize, ...value } = req.query;
      const first = await repo.list(caller, { ...value, pageNo: 1, pageSize: PAGE }, req.timeZone);
      if (first.total > maxRows)
        return reply.status(413).send({
          code: 413,
          message: importMessage(req.lang, 'tooManyToExport', { count: first.total, limit: maxRows }),
          data: { key: 'export.tooManyRows', count: first.total, limit: maxRows },
        });
      const lang = req.lang;
      const sheet: Cell[][] = [columns.map((c) => c.label[lang])];
      const add = (records: Record<string, unknown>[]) => {
        for (const r of records) sheet.push(columns.map((c) => exportCell(c.field, r[c.key], lang)));
      };
      add(first.records);
      for (let pageNo = 2; pageNo <= first.pages && sheet.length - 1 < maxRows; pageNo++)
        add((await repo.list(caller, { ...value, pageNo, pageSize: PAGE }, req.timeZone)).records);
      const sheetName = entity.label[lang].replace(/[[\]:*?/\\]/g, ' ').slice(0, 31);
      const stream = await xlsxSheetStream(sheet, sheetName);
      return reply
        .type(XLSX_TYPE)
        .header('content-disposition', `attachment; filename="${entity.path}-${stamp()}.xlsx"`)
        .send(stream);
    });
  }
}

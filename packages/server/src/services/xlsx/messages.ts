import { translate, type Language, type MessageKey } from '@liftcloud/client';

/**
 * Messages of the import and export routes. They live beside the code that uses them so the shared catalogue
 * stays the forms' one; field messages (required, length, format, enum) still come from that catalogue.
 */
const MESSAGES = {
  notXlsx: {
    'zh-CN': '文件不是有效的 .xlsx 工作簿，请选择单个 .xlsx 文件',
    'en-US': 'The file is not an .xlsx workbook; choose a single .xlsx file',
    'it-Italy': 'Il file non è una cartella di lavoro .xlsx; scegliere un solo file .xlsx',
  },
  oneFile: {
    'zh-CN': '请只上传一个文件（multipart/form-data 的 file 字段）',
    'en-US': 'Send exactly one file, in the multipart field "file"',
    'it-Italy': 'Inviare esattamente un file, nel campo multipart "file"',
  },
  tooLarge: {
    'zh-CN': '文件超过{limit}MB',
    'en-US': 'The file is larger than {limit} MB',
    'it-Italy': 'Il file supera {limit} MB',
  },
  tooComplex: {
    'zh-CN': '文件解压后过大或过于复杂，超出导入限制（解压大小、内存或时间）',
    'en-US': 'The file unpacks to more than the import limits allow (unpacked size, memory or time)',
    'it-Italy': 'Il file decompresso supera i limiti di importazione (dimensione, memoria o tempo)',
  },
  tooManyRows: {
    'zh-CN': '工作表有{count}行数据，一次最多导入{limit}行',
    'en-US': 'The sheet has {count} data rows; at most {limit} rows can be imported at once',
    'it-Italy': 'Il foglio ha {count} righe di dati; si possono importare al massimo {limit} righe alla volta',
  },
  formula: {
    'zh-CN': '单元格{cell}含有公式，导入只接受数值（请粘贴为数值）',
    'en-US': 'Cell {cell} holds a formula; imports accept values only (paste as values)',
    'it-Italy': 'La cella {cell} contiene una formula; l’importazione accetta solo valori (incolla come valori)',
  },
  cellTooLong: {
    'zh-CN': '单元格{cell}有{length}个字符，最多{limit}个',
    'en-US': 'Cell {cell} holds {length} characters; at most {limit} are accepted',
    'it-Italy': 'La cella {cell} contiene {length} caratteri; al massimo {limit}',
  },
  tooManyColumns: {
    'zh-CN': '表头有{count}列，最多{limit}列',
    'en-US': 'The header has {count} columns; at most {limit}',
    'it-Italy': 'L’intestazione ha {count} colonne; al massimo {limit}',
  },
  empty: {
    'zh-CN': '工作表没有数据行',
    'en-US': 'The sheet has no data rows',
    'it-Italy': 'Il foglio non ha righe di dati',
  },
  unknownColumn: {
    'zh-CN': '{column}：未知的列',
    'en-US': '{column}: unknown column',
    'it-Italy': '{column}: colonna sconosciuta',
  },
  repeatedColumn: {
    'zh-CN': '{column}：列重复',
    'en-US': '{column}: the column appears twice',
    'it-Italy': '{column}: la colonna compare due volte',
  },
  missingColumn: {
    'zh-CN': '{column}：缺少必填列',
    'en-US': '{column}: required column is missing',
    'it-Italy': '{column}: manca una colonna obbligatoria',
  },
  duplicateInFile: {
    'zh-CN': '{column}：{value}在文件中重复（另见第{other}行）',
    'en-US': '{column}: {value} appears more than once in the file (also row {other})',
    'it-Italy': '{column}: {value} compare più volte nel file (anche riga {other})',
  },
  changed: {
    'zh-CN': '{column}：{value}已存在，但以下列的值不同：{columns}；请在表单中修改',
    'en-US': '{column}: {value} already exists with other values in {columns}; change it in its form',
    'it-Italy': '{column}: {value} esiste già con valori diversi in {columns}; modificarlo nel suo modulo',
  },
  rowProblems: {
    'zh-CN': '{count}行有问题，未导入任何数据。{first}',
    'en-US': '{count} rows have problems; nothing was imported. {first}',
    'it-Italy': '{count} righe hanno problemi; non è stato importato nulla. {first}',
  },
  rowAt: {
    'zh-CN': '第{row}行，{message}',
    'en-US': 'Row {row}, {message}',
    'it-Italy': 'Riga {row}, {message}',
  },
  imported: {
    'zh-CN': '导入{created}条，跳过已存在的{skipped}条',
    'en-US': '{created} imported, {skipped} already present and skipped',
    'it-Italy': '{created} importati, {skipped} già presenti e saltati',
  },
  checked: {
    'zh-CN': '检查通过：将导入{created}条，跳过已存在的{skipped}条',
    'en-US': 'Checked: {created} would be imported, {skipped} already present',
    'it-Italy': 'Verificato: {created} verrebbero importati, {skipped} già presenti',
  },
  tooManyToExport: {
    'zh-CN': '符合条件的记录有{count}条，一次最多导出{limit}条，请缩小筛选范围',
    'en-US': '{count} records match; at most {limit} can be exported at once, narrow the filters',
    'it-Italy': '{count} record corrispondono; se ne possono esportare al massimo {limit}, restringere i filtri',
  },
  conflict: {
    'zh-CN': '导入期间有其他操作保存了相同的记录，未导入任何数据，请重试',
    'en-US': 'Some of these records were stored by another request meanwhile; nothing was imported, try again',
    'it-Italy':
      'Alcuni record sono stati salvati da un’altra richiesta nel frattempo; non è stato importato nulla, riprovare',
  },
  badQuery: {
    'zh-CN': 'dryRun 只能是 true 或 false',
    'en-US': 'dryRun must be true or false',
    'it-Italy': 'dryRun deve essere true o false',
  },
  tooSlow: {
    'zh-CN': '文件上传超时，请重试',
    'en-US': 'The file took too long to arrive; try again',
    'it-Italy': 'Il file ha impiegato troppo tempo ad arrivare; riprovare',
  },
  busy: {
    'zh-CN': '正在处理其他导入，请稍后重试',
    'en-US': 'Other imports are being processed; try again in a moment',
    'it-Italy': 'Sono in corso altre importazioni; riprovare tra poco',
  },
  yes: { 'zh-CN': '是', 'en-US': 'Yes', 'it-Italy': 'Sì' },
  no: { 'zh-CN': '否', 'en-US': 'No', 'it-Italy': 'No' },
} as const;

export type ImportMessageKey = keyof typeof MESSAGES;

const fill = (template: string, params: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));

export function importMessage(
  language: Language,
  key: ImportMessageKey,
  params: Record<string, string | number> = {},
): string {
  return fill(MESSAGES[key][language], params);
}

/** A shared-catalogue message with its {field} already named. */
export const catalogueMessage = (
  language: Language,
  key: MessageKey,
  params: Record<string, string | number> = {},
): string => translate(language, key, params);

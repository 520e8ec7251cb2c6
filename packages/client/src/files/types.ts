/**
 * The file types uploads are judged as, by their content (the server's files/sniff.ts), and the MIME type each
 * is stored and served with. A file's name must agree with its content; it never decides it.
 */
export const FILE_TYPES = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  bmp: 'image/bmp',
  mp4: 'video/mp4',
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  doc: 'application/msword',
} as const;
export type FileType = keyof typeof FILE_TYPES;

/** Extensions that name a type by another name. */
const ALIASES: Record<string, FileType> = { jpeg: 'jpg' };

/** The bytes of a type nobody sniffs (firmware: its MD5 and SHA-256 are the check). */
export const ANY_BYTES_TYPE = 'application/octet-stream';

const isFileType = (ext: string): ext is FileType => Object.hasOwn(FILE_TYPES, ext);

/** The extension of a file name, lower-cased, without the dot ('' when it has none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** The type a file name's extension claims (.jpeg is a jpg), or null for an extension of no known type. */
export function typeOfName(name: string): FileType | null {
  const ext = extensionOf(name);
  return ALIASES[ext] ?? (isFileType(ext) ? ext : null);
}

/** An upload's allowed extensions and size (UPLOAD_LIMITS): no types means any bytes (firmware). */
export interface UploadLimit {
  types: readonly string[];
  maxBytes: number;
}

/** The file types a limit's extensions stand for (jpg and jpeg are one). */
export function typesOf(limit: UploadLimit): FileType[] {
  const out = new Set<FileType>();
  for (const ext of limit.types) {
    const type = typeOfName(`.${ext}`);
    if (type) out.add(type);
  }
  return [...out];
}

/** The `accept` of a file input for a limit: '.jpg,.png'; empty for any file. */
export const acceptOf = (limit: UploadLimit): string => limit.types.map((type) => `.${type}`).join(',');

/** A limit's size in whole megabytes, as messages show it. */
export const megabytesOf = (limit: UploadLimit): number => Math.round(limit.maxBytes / 1024 / 1024);

/**
 * What the console and liftctl check before sending anything: the name's extension is one the limit lists, and
 * the size within it. The server checks again, by content, while the file streams in.
 */
export function uploadProblem(name: string, size: number, limit: UploadLimit): 'type' | 'size' | null {
  if (limit.types.length && !limit.types.includes(extensionOf(name))) return 'type';
  if (size > limit.maxBytes) return 'size';
  return null;
}

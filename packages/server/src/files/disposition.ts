/** RFC 5987 attr-char: what may stand unescaped in filename*. */
const escapeExtValue = (name: string) =>
  encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * Content-Disposition for a download (RFC 6266): the name as UTF-8 in filename*, and an ASCII stand-in in
 * filename for clients that read only that.
 */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${escapeExtValue(name)}`;
}

import { formatDateTime, parseDateTime, type Field, type Fields } from '@liftcloud/client';

/** Turn stored values into API values: epoch ms into the caller's date-time text, 0/1 into booleans. */
export function toApi(
  fields: Fields,
  row: Record<string, unknown>,
  tz: string,
  jsonFields: readonly string[] = [],
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...row };
  // The stored update time (epoch ms, strictly increasing per row: see Repository.update) is the record's revision.
  if (typeof row.updateTime === 'number') out.revision = row.updateTime;
  out.createTime = typeof row.createTime === 'number' ? formatDateTime(row.createTime, tz) : row.createTime;
  out.updateTime = typeof row.updateTime === 'number' ? formatDateTime(row.updateTime, tz) : row.updateTime;
  for (const [key, f] of Object.entries(fields)) {
    const v = row[key];
    if (v === undefined) continue;
    if (v === null) out[key] = null;
    else if (f.kind === 'datetime') out[key] = formatDateTime(Number(v), tz);
    else if (f.kind === 'bool') out[key] = Boolean(Number(v));
    else if (jsonFields.includes(key)) out[key] = JSON.parse(String(v)) as unknown;
    else if (f.kind === 'int' || f.kind === 'enum' || f.kind === 'ref' || f.kind === 'number') out[key] = Number(v);
  }
  return out;
}

export function valueToStore(f: Field, v: unknown, tz: string, json: boolean): unknown {
  if (v === undefined || v === null || v === '') return f.kind === 'bool' ? 0 : null;
  if (f.kind === 'datetime') return parseDateTime(String(v), tz);
  if (f.kind === 'bool') return v ? 1 : 0;
  if (json) return JSON.stringify(v);
  return v;
}

/** The stored columns of an input body: writable fields only, in store form. */
export function toStore(
  fields: Fields,
  body: Record<string, unknown>,
  tz: string,
  opts: { jsonFields?: readonly string[]; skip?: readonly string[]; mode: 'create' | 'update' },
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, f] of Object.entries(fields)) {
    // derived fields are read through a reference or computed; one a caller may write (a tenant's root company
    // name) is the hooks' to keep, never a column
    if (f.readOnly || f.derived || opts.skip?.includes(key)) continue;
    if (f.createOnly && opts.mode === 'update') continue;
    if (f.kind === 'ids' && !opts.jsonFields?.includes(key)) continue; // kept in a link table
    if (!(key in body) && opts.mode === 'update') continue;
    out[key] = valueToStore(f, body[key], tz, opts.jsonFields?.includes(key) ?? false);
  }
  return out;
}

import type { EntityDef, Fields } from './entity.js';

/** Id lists are sets (a user's roles): the same ids in another order are no change. */
const canonical = (v: unknown): string =>
  JSON.stringify(Array.isArray(v) && v.every((x) => typeof x !== 'object') ? [...v].sort() : (v ?? null));

const same = (a: unknown, b: unknown): boolean => canonical(a) === canonical(b);

/**
 * The body of an update: the record's id and the revision it was read at, and only the fields whose value
 * differs between what the editor started from and what it holds now. A field the user did not touch is never
 * sent, so a stale value cannot be written back over someone else's change (issue 19).
 */
export function patchOf<F extends Fields>(
  entity: EntityDef<F>,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  target: { id: number; revision?: number | null },
): Record<string, unknown> {
  const writable = Object.keys((entity.patchSchema as { properties?: Record<string, unknown> }).properties ?? {});
  const body: Record<string, unknown> = { id: target.id };
  if (typeof target.revision === 'number') body.revision = target.revision;
  for (const key of writable) {
    if (key === 'id' || key === 'revision' || !(key in after)) continue;
    if (!same(before[key], after[key])) body[key] = after[key];
  }
  return body;
}

/** True when a patch changes nothing beyond naming its record. */
export const isEmptyPatch = (patch: Record<string, unknown>): boolean =>
  Object.keys(patch).every((key) => key === 'id' || key === 'revision');

import type { Kysely } from 'kysely';
import { ValidationError } from '../../http/errors.js';
import type { LooseDB } from '../../store/repository.js';
import type { TSchema } from 'typebox';

/** Every id names a file attached to this order (uploaded through its attachment route: sniffed, bounded). */
export async function checkOwnFiles(
  db: Kysely<LooseDB>,
  orderId: number,
  field: string,
  ids: readonly number[],
  schema: TSchema,
): Promise<void> {
  if (ids.length === 0) return;
  const found = await db
    .selectFrom('files')
    .select('id')
    .where('ownerEntity', '=', 'maintenanceOrder')
    .where('ownerId', '=', orderId)
    .where('id', 'in', [...ids])
    .execute();
  const have = new Set(found.map((f) => Number(f.id)));
  if (ids.some((id) => !have.has(id))) throw new ValidationError([{ field, rule: 'validation.reference' }], schema);
}

/** Metres between two positions on the earth (haversine). */
export function distanceMetres(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

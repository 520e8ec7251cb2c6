import { getPublicScheme } from '@liftcloud/client';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { timingSafeEqual } from 'node:crypto';
import { ok } from '../../http/envelope.js';
import { HttpError } from '../../http/errors.js';
import { route } from '../../http/route.js';
import type { LooseDB } from '../../store/repository.js';
import type { AreaDeps } from '../area.js';

const same = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

/**
 * A modernisation scheme through its link, without a login: the sales order number and its key must both match
 * (compared in constant time); anything else, a missing key included, is the same 404 as a wrong link.
 */
export function registerPublicScheme(app: FastifyInstance, { store }: AreaDeps): void {
  const db = store.db as unknown as Kysely<LooseDB>;
  route(app, getPublicScheme, async (req) => {
    const key = req.query.k ?? '';
    const invalid = new HttpError(404, 'shareLink.invalid');
    if (key.length < 16) throw invalid;
    const row = await db.selectFrom('modSalesOrders').selectAll().where('schemeKey', '=', key).executeTakeFirst();
    if (!row || !same(String(row.schemeKey), key) || row.salesOrderNo !== req.params.salesOrderNo) throw invalid;
    const lifts = await db
      .selectFrom('modSalesOrderElevators as l')
      .innerJoin('elevators as e', 'e.id', 'l.elevatorId')
      .select('e.name')
      .where('l.orderId', '=', row.id)
      .orderBy('e.name')
      .execute();
    return ok({
      salesOrderNo: String(row.salesOrderNo),
      customerName: String(row.customerName),
      schemeTitle: String(row.schemeTitle),
      schemeItems: (row.schemeItems as string | null) ?? null,
      totalPrice: row.totalPrice === null ? null : Number(row.totalPrice),
      validUntil: (row.validUntil as string | null) ?? null,
      status: Number(row.status),
      salesman: (row.salesman as string | null) ?? null,
      elevators: lifts.map((l) => String(l.name)),
    });
  });
}

import Type, { type Static } from 'typebox';
import { contract, modSalesOrder } from '../entities/index.js';
import { PERMISSION } from '../permissions.js';
import { IdParams, labelled, named } from './components.js';
import { defineOperation } from './define.js';
import { entityOperations } from './entity.js';

/** Contracts beyond their CRUD (entities/contract.ts): voiding one, which is final (workflow/contract.ts). */
const tags = ['contracts'];

export const VoidContractBody = named(
  'VoidContractBody',
  Type.Object(
    {
      reason: labelled(Type.String({ minLength: 1, maxLength: 200 }), '作废原因', 'Void reason', 'Motivo annullamento'),
      /** The revision the caller read: a void after someone else's save is refused (409 error.stale). */
      revision: Type.Optional(labelled(Type.Integer({ minimum: 0 }), '修订号', 'Revision', 'Revisione')),
    },
    { additionalProperties: false },
  ),
);
export type VoidContractBody = Static<typeof VoidContractBody>;

export const voidContract = defineOperation({
  operationId: 'voidContract',
  method: 'POST',
  path: `${contract.path}/:id/void`,
  permission: contract.permission.write,
  tags,
  summary: 'Void a contract: final, it cannot be recovered or changed afterwards',
  params: IdParams,
  body: VoidContractBody,
  response: entityOperations(contract).get.response,
});

const orNull = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

/** A modernisation scheme as the customer sees it through its link: no internal ids, no prices of others. */
export const PublicScheme = named(
  'PublicScheme',
  Type.Object(
    {
      salesOrderNo: Type.String(),
      customerName: Type.String(),
      schemeTitle: Type.String(),
      schemeItems: orNull(Type.String()),
      totalPrice: orNull(Type.Number()),
      validUntil: orNull(Type.String()),
      /** modOrderStatus code. */
      status: Type.Integer(),
      salesman: orNull(Type.String()),
      elevators: Type.Array(Type.String()),
    },
    { additionalProperties: false },
  ),
);
export type PublicScheme = Static<typeof PublicScheme>;

/** The scheme page a customer opens from a link without logging in: the key is the link's secret; any flaw is 404. */
export const getPublicScheme = defineOperation({
  operationId: 'getPublicScheme',
  method: 'GET',
  path: 'public/scheme/:salesOrderNo',
  permission: PERMISSION.public,
  tags: [modSalesOrder.name],
  summary: 'A modernisation scheme behind its link (no login), read-only',
  // strings on purpose: a malformed number or key gets the same 404 as a wrong one
  params: Type.Object({ salesOrderNo: Type.String({ maxLength: 30 }) }),
  query: Type.Object({ k: Type.Optional(Type.String({ maxLength: 64 })) }),
  response: PublicScheme,
});

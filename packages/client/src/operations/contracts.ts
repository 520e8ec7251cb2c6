import Type, { type Static } from 'typebox';
import { contract } from '../entities/index.js';
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

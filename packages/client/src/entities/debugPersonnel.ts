import { debugLevel } from '../enums.js';
import { PERMISSION } from '../permissions.js';
import { issue } from '../rules/common.js';
import { parseContractNos } from '../rules/records.js';
import { defineEntity } from '../schema/entity.js';
import { L, date, enumOf, ref, refName, required, text } from '../schema/fields.js';

/**
 * Debug personnel (domain.md §3 and §5): a user allowed to debug (commission) elevators at a level, until its
 * password expires, for the contracts listed, comma separated (rules/records.ts debugPersonnelRules: none empty).
 * Kept per tenant, one row per user; index 880 (docs/decisions.md "Developer integrations (issue 16)").
 */
export const debugPersonnel = defineEntity({
  name: 'debugPersonnel',
  label: L('调试人员', 'Debug personnel', 'Personale di collaudo'),
  path: 'debugPersonnel',
  permission: PERMISSION.debugPersonnel,
  fields: {
    userId: required(ref(L('用户', 'User', 'Utente'), 'user')),
    userName: refName(L('用户名称', 'User name', 'Nome utente'), 'userId'),
    debugLevel: required(enumOf(L('调试等级', 'Debug level', 'Livello di collaudo'), debugLevel)),
    passwordExpiry: required(date(L('密码有效期', 'Password expiry', 'Scadenza password'))),
    contractNos: required(text(L('合同编号', 'Contract numbers', 'Numeri di contratto'), { max: 500 })),
  },
  filters: { userId: 'eq', debugLevel: 'eq', contractNos: 'like' },
  unique: ['userId'],
  refine: (input) =>
    typeof input.contractNos === 'string' && parseContractNos(input.contractNos).some((n) => n === '')
      ? [issue('contractNos', 'rule.contractNos')]
      : [],
});

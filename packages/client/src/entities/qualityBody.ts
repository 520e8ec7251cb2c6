import { PERMISSION } from '../permissions.js';
import { defineEntity } from '../schema/entity.js';
import { L, required, text } from '../schema/fields.js';

/** A quality-supervision body (质监局); shown under /quantity. */
export const qualityBody = defineEntity({
  name: 'qualityBody',
  label: L('质监局', 'Quality supervision body', 'Ente di vigilanza'),
  path: 'qualityBodies',
  permission: { read: PERMISSION.anyUser, write: PERMISSION.companies },
  fields: {
    no: required(text(L('编号', 'No.', 'Numero'), { max: 50 })),
    name: required(text(L('名称', 'Name', 'Nome'), { max: 100 })),
    region: required(text(L('区域', 'Region', 'Regione'), { max: 100 })),
    address: required(text(L('地址', 'Address', 'Indirizzo'), { max: 200 })),
  },
  filters: { no: 'eq', name: 'like', region: 'like' },
  unique: ['no'],
});

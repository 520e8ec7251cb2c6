import { PERMISSION } from '../permissions.js';
import { defineEntity } from '../schema/entity.js';
import { L, bool, date, readOnly, required, text } from '../schema/fields.js';
import { yesNo } from '../enums.js';
import { enumOf } from '../schema/fields.js';

/** A gateway program version; its file is uploaded separately and checked against the MD5. */
export const gatewayVersion = defineEntity({
  name: 'gatewayVersion',
  label: L('网关版本', 'Gateway version', 'Versione gateway'),
  path: 'gatewayVersions',
  permission: { read: PERMISSION.gateways, write: PERMISSION.superAdmin },
  fields: {
    softwareName: required(text(L('软件名称', 'Software name', 'Nome software'), { max: 100 })),
    versionId: required(text(L('版本号', 'Version id', 'Id versione'), { max: 30 })),
    version: required(text(L('版本', 'Version', 'Versione'), { max: 30 })),
    status: required(enumOf(L('状态', 'Status', 'Stato'), yesNo)),
    fullAdapter: bool(L('全适配', 'Full adapter', 'Adattatore completo')),
    note: text(L('备注', 'Note', 'Nota'), { max: 500 }),
    md5: required(text(L('MD5', 'MD5', 'MD5'), { max: 32, length: 32 })),
    releaseDate: date(L('发布日期', 'Release date', 'Data di rilascio')),
    fileUrl: readOnly(text(L('程序文件', 'Program file', 'File del programma'), { max: 300 })),
    creator: readOnly(text(L('创建人', 'Creator', 'Autore'), { max: 50 })),
  },
  filters: { softwareName: 'like', version: 'eq', status: 'eq' },
  unique: ['versionId'],
});

import Type, { type Static } from 'typebox';
import { otaApplication, otaBurn, otaProgram } from '../entities/index.js';
import { PERMISSION } from '../permissions.js';
import { FILE_FIELD_LABEL } from './files.js';
import { fieldSchema, fileForm, IdParams, labelled, named } from './components.js';
import { defineOperation } from './define.js';
import { entityOperations } from './entity.js';

/**
 * OTA beyond its CRUD (entities/ota.ts, workflow/ota.ts, docs/decisions.md "OTA"): a program's firmware,
 * applying for burns, approving or rejecting, burning gateways.
 */
const tags = ['ota'];
const programRecord = entityOperations(otaProgram).get.response;
const applicationRecord = entityOperations(otaApplication).get.response;
const burnRecord = entityOperations(otaBurn).get.response;

export const uploadOtaProgramFile = defineOperation({
  operationId: 'uploadOtaProgramFile',
  method: 'POST',
  path: `${otaProgram.path}/:id/file`,
  permission: otaProgram.permission.write,
  tags,
  summary: 'Upload an OTA program’s firmware (any bytes, at most 64 MB), once: it is kept with its SHA-256 and MD5',
  description:
    'multipart/form-data with one file in the field `file`. A program’s firmware is immutable: a second upload is ' +
    'refused (409); a new file is a new program version.',
  params: IdParams,
  body: fileForm(FILE_FIELD_LABEL),
  multipart: true,
  response: programRecord,
});

export const ApplyOtaBody = named(
  'ApplyOtaBody',
  Type.Object(
    {
      programId: fieldSchema(otaApplication.fields.programId),
      applyNumber: labelled(
        Type.Integer({ minimum: 1, maximum: 1_000_000 }),
        '申请数量',
        'Applied count',
        'Quantità richiesta',
      ),
    },
    { additionalProperties: false },
  ),
);
export type ApplyOtaBody = Static<typeof ApplyOtaBody>;

export const applyOta = defineOperation({
  operationId: 'applyOta',
  method: 'POST',
  path: `${otaApplication.path}/apply`,
  permission: PERMISSION.otaApplications,
  tags,
  summary: 'Apply for burns of an OTA program for your company: at most its remaining count; not a locked program',
  body: ApplyOtaBody,
  response: applicationRecord,
});

export const ApproveOtaBody = named(
  'ApproveOtaBody',
  Type.Object(
    {
      /** When the granted quota lapses (yyyy-MM-dd HH:mm:ss in the caller's zone); default 30 days on. */
      endTime: Type.Optional(fieldSchema(otaApplication.fields.endTime)),
    },
    { additionalProperties: false },
  ),
);
export type ApproveOtaBody = Static<typeof ApproveOtaBody>;

export const approveOtaApplication = defineOperation({
  operationId: 'approveOtaApplication',
  method: 'POST',
  path: `${otaApplication.path}/:id/approve`,
  permission: PERMISSION.otaApprove,
  tags,
  summary:
    'Approve an application: its count leaves the program’s remaining count and is the company’s quota until endTime',
  description:
    'Only the program’s owner company (or the platform). Refused when the remaining count no longer covers it.',
  params: IdParams,
  body: ApproveOtaBody,
  response: applicationRecord,
});

export const RejectOtaBody = named(
  'RejectOtaBody',
  Type.Object(
    {
      reason: labelled(
        Type.String({ minLength: 1, maxLength: 200 }),
        '驳回原因',
        'Reject reason',
        'Motivo del rifiuto',
      ),
    },
    { additionalProperties: false },
  ),
);
export type RejectOtaBody = Static<typeof RejectOtaBody>;

export const rejectOtaApplication = defineOperation({
  operationId: 'rejectOtaApplication',
  method: 'POST',
  path: `${otaApplication.path}/:id/reject`,
  permission: PERMISSION.otaApprove,
  tags,
  summary: 'Reject an application with a reason (required)',
  params: IdParams,
  body: RejectOtaBody,
  response: applicationRecord,
});

export const StartOtaBurnBody = named(
  'StartOtaBurnBody',
  Type.Object(
    {
      dtus: labelled(
        Type.Array(Type.String({ pattern: '^[0-9]{11}$' }), { minItems: 1, maxItems: 50, uniqueItems: true }),
        'DTU编号',
        'DTU numbers',
        'Numeri DTU',
      ),
    },
    { additionalProperties: false },
  ),
);
export type StartOtaBurnBody = Static<typeof StartOtaBurnBody>;

export const startOtaBurn = defineOperation({
  operationId: 'startOtaBurn',
  method: 'POST',
  path: `${otaProgram.path}/:id/burns`,
  permission: PERMISSION.otaBurn,
  tags,
  summary: 'Burn a program into gateways: one burn of your company’s approved, unexpired quota each, all or none',
  description:
    'Each gateway gets the firmware over MQTT in chunks (docs/gateway-protocol.md "OTA transfer"); a success counts ' +
    'against the quota and the program’s burningTimes, a failure gives the burn back. 409 when the quota does not ' +
    'cover every gateway asked.',
  params: IdParams,
  body: StartOtaBurnBody,
  response: Type.Array(burnRecord),
});

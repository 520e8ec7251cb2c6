import Type, { type Static } from 'typebox';
import { maintenanceOrder, maintenancePlan, oldMaintenanceOrder } from '../entities/index.js';
import { maintenanceItemCondition } from '../enums.js';
import { calendarDate } from '../rules/formats.js';
import { PERMISSION } from '../permissions.js';
import type { MaintenanceUserAction } from '../workflow/maintenanceOrder.js';
import { IdParams, labelled, named, NoData } from './components.js';
import { defineOperation } from './define.js';
import { entityOperations } from './entity.js';

/** Maintenance beyond its lists (docs/maintenance-orders.md): an order's moves, a plan's invalidation, generation. */
const tags = [maintenanceOrder.name];
const orders = maintenanceOrder.path;
const permission = PERMISSION.maintenanceOrders;
const strict = { additionalProperties: false } as const;

const reason = () =>
  labelled(Type.String({ minLength: 1, maxLength: 500 }), '作废原因', 'Invalid reason', 'Motivo annullamento');
const fileId = (zh: string, en: string, it: string) => labelled(Type.Integer({ minimum: 1 }), zh, en, it);
const fileIds = (zh: string, en: string, it: string) =>
  labelled(Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 20 }), zh, en, it);
const day = (zh: string, en: string, it: string) =>
  labelled(Type.String({ format: calendarDate.format, maxLength: 10 }), zh, en, it);

const move = (action: MaintenanceUserAction, summary: string) =>
  defineOperation({
    operationId: `${action}MaintenanceOrder`,
    method: 'POST',
    path: `${orders}/:id/${action}`,
    permission,
    tags,
    summary,
    params: IdParams,
    response: NoData,
  });

export const sendMaintenanceOrder = move('send', 'Send an order to its workers');
export const acceptMaintenanceOrder = move('accept', 'A worker accepts an order sent to them');

export const SignInBody = named(
  'MaintenanceSignInBody',
  Type.Object(
    {
      latitude: labelled(Type.Number({ minimum: -90, maximum: 90 }), '纬度', 'Latitude', 'Latitudine'),
      longitude: labelled(Type.Number({ minimum: -180, maximum: 180 }), '经度', 'Longitude', 'Longitudine'),
    },
    strict,
  ),
);
export const signInMaintenanceOrder = defineOperation({
  operationId: 'signInMaintenanceOrder',
  method: 'POST',
  path: `${orders}/:id/signIn`,
  permission,
  tags,
  summary: "Sign in at the lift with the phone's position: refused beyond the settings' distance",
  params: IdParams,
  body: SignInBody,
  response: named('MaintenanceSignInAnswer', Type.Object({ distance: Type.Number() })),
});

export const RecordItemBody = named(
  'MaintenanceItemBody',
  Type.Object(
    {
      condition: labelled(
        Type.Unsafe<number>({ type: 'integer', enum: maintenanceItemCondition.options.map((o) => o.code) }),
        '维保情况',
        'Condition',
        'Condizione',
      ),
      text: Type.Optional(labelled(Type.String({ maxLength: 1000 }), '文字说明', 'Text', 'Testo')),
      photoFileIds: Type.Optional(fileIds('照片', 'Photos', 'Foto')),
      recordingFileIds: Type.Optional(fileIds('录音', 'Recordings', 'Registrazioni')),
    },
    strict,
  ),
);
export type RecordItemBody = Static<typeof RecordItemBody>;
export const recordMaintenanceItem = defineOperation({
  operationId: 'recordMaintenanceItem',
  method: 'POST',
  path: `${orders}/:id/items/:index`,
  permission,
  tags,
  summary: "Mark one item's condition, with the photo, recording or text the settings demand",
  params: Type.Object({
    id: IdParams.properties.id,
    index: labelled(Type.Integer({ minimum: 0, maximum: 199 }), '项目序号', 'Item index', 'Indice voce'),
  }),
  body: RecordItemBody,
  response: NoData,
});

export const MaintenanceCompleteBody = named(
  'MaintenanceCompleteBody',
  Type.Object(
    {
      completion: Type.Optional(
        labelled(Type.String({ maxLength: 1000 }), '完成情况', 'Completion situation', 'Esito'),
      ),
      workerSignatureFileId: fileId('维保人员签名', 'Worker signature', 'Firma manutentore'),
    },
    strict,
  ),
);

export const completeMaintenanceOrder = defineOperation({
  operationId: 'completeMaintenanceOrder',
  method: 'POST',
  path: `${orders}/:id/complete`,
  permission,
  tags,
  summary: "Complete an order: every item processed, the worker's signature drawn",
  params: IdParams,
  body: MaintenanceCompleteBody,
  response: NoData,
});

export const MaintenanceConfirmBody = named(
  'MaintenanceConfirmBody',
  Type.Object(
    {
      evaluation: labelled(
        Type.Unsafe<number>({ type: 'integer', enum: [1, 2, 3, 4] }),
        '用户评价',
        'User evaluation',
        'Valutazione utente',
      ),
      advice: Type.Optional(labelled(Type.String({ maxLength: 1000 }), '意见建议', 'Advice', 'Suggerimenti')),
      useUnitSignatureFileId: fileId('使用单位签名', 'Use unit signature', 'Firma unità di utilizzo'),
    },
    strict,
  ),
);

export const confirmMaintenanceOrder = defineOperation({
  operationId: 'confirmMaintenanceOrder',
  method: 'POST',
  path: `${orders}/:id/confirm`,
  permission,
  tags,
  summary: "The use unit's evaluation, advice and signature confirm a completed order",
  params: IdParams,
  body: MaintenanceConfirmBody,
  response: NoData,
});

export const MaintenanceInvalidateBody = named(
  'MaintenanceInvalidateBody',
  Type.Object({ invalidReason: reason() }, strict),
);

export const invalidateMaintenanceOrder = defineOperation({
  operationId: 'invalidateMaintenanceOrder',
  method: 'POST',
  path: `${orders}/:id/invalidate`,
  permission,
  tags,
  summary: 'Invalidate an order that is not done, with a reason',
  params: IdParams,
  body: MaintenanceInvalidateBody,
  response: NoData,
});

/** The order, the moves allowed now, what each item needs and its timeline. */
export const MaintenanceOrderDetail = named(
  'MaintenanceOrderDetail',
  Type.Object({
    order: Type.Record(Type.String(), Type.Unknown()),
    allowedActions: Type.Array(Type.Unsafe<MaintenanceUserAction>(Type.String())),
    requirements: Type.Object({
      photo: Type.Boolean(),
      recording: Type.Boolean(),
      text: Type.Boolean(),
      /** Metres; null: no sign-in check. */
      signInDistance: Type.Union([Type.Number(), Type.Null()]),
    }),
    timeline: Type.Array(
      Type.Object({
        action: Type.String(),
        fromStatus: Type.Union([Type.Integer(), Type.Null()]),
        toStatus: Type.Integer(),
        userName: Type.Union([Type.String(), Type.Null()]),
        note: Type.Union([Type.String(), Type.Null()]),
        /** Epoch milliseconds. */
        time: Type.Integer(),
      }),
    ),
  }),
);
export type MaintenanceOrderDetail = Static<typeof MaintenanceOrderDetail>;

export const getMaintenanceOrderDetail = defineOperation({
  operationId: 'getMaintenanceOrderDetail',
  method: 'GET',
  path: `${orders}/:id/detail`,
  permission,
  tags,
  summary: 'An order with the moves allowed now, what its items need and its timeline',
  params: IdParams,
  response: MaintenanceOrderDetail,
});

export const invalidateMaintenancePlan = defineOperation({
  operationId: 'invalidateMaintenancePlan',
  method: 'POST',
  path: `${maintenancePlan.path}/:id/invalidate`,
  permission: PERMISSION.maintenancePlans,
  tags: [maintenancePlan.name],
  summary: 'Invalidate a plan (it cannot be restored): it generates no more orders',
  params: IdParams,
  body: named('MaintenancePlanInvalidateBody', Type.Object({ invalidReason: reason() }, strict)),
  response: NoData,
});

export const GeneratePlanBody = named(
  'GeneratePlanBody',
  Type.Object(
    {
      from: day('开始日期', 'From', 'Da'),
      to: day('结束日期', 'To', 'A'),
      dryRun: Type.Optional(Type.Boolean()),
      planId: Type.Optional(Type.Integer({ minimum: 1 })),
    },
    strict,
  ),
);
export const GeneratedOrders = named(
  'GeneratedOrders',
  Type.Object({
    /** The orders made (or, on a dry run, that would be made); orders that exist already are not repeated. */
    orders: Type.Array(
      Type.Object({
        planId: Type.Integer(),
        planName: Type.String(),
        elevatorId: Type.Integer(),
        elevatorName: Type.String(),
        planDate: Type.String(),
      }),
    ),
    created: Type.Integer(),
    dryRun: Type.Boolean(),
  }),
);
export type GeneratedOrders = Static<typeof GeneratedOrders>;

export const generateMaintenanceOrders = defineOperation({
  operationId: 'generateMaintenanceOrders',
  method: 'POST',
  path: `${maintenancePlan.path}/generate`,
  permission: PERMISSION.maintenancePlans,
  tags: [maintenancePlan.name],
  summary: "Generate the orders of the caller's active plans with plan dates from..to (dry run: only list them)",
  body: GeneratePlanBody,
  response: GeneratedOrders,
});

/** Old-style orders (entities/oldMaintenanceOrder.ts, workflow/oldMaintenanceOrder.ts): the use unit confirms. */
export const OldMaintenanceConfirmBody = named(
  'OldMaintenanceConfirmBody',
  Type.Object(
    {
      evaluation: labelled(
        Type.Unsafe<number>({ type: 'integer', enum: [1, 2, 3, 4] }),
        '用户评价',
        'User evaluation',
        'Valutazione utente',
      ),
      advice: Type.Optional(labelled(Type.String({ maxLength: 1000 }), '意见建议', 'Advice', 'Suggerimenti')),
    },
    strict,
  ),
);
export type OldMaintenanceConfirmBody = Static<typeof OldMaintenanceConfirmBody>;

export const confirmOldMaintenanceOrder = defineOperation({
  operationId: 'confirmOldMaintenanceOrder',
  method: 'POST',
  path: `${oldMaintenanceOrder.path}/:id/confirm`,
  permission,
  tags: [oldMaintenanceOrder.name],
  summary: "The use unit's evaluation confirms an old-style order waiting for confirmation (final)",
  params: IdParams,
  body: OldMaintenanceConfirmBody,
  response: entityOperations(oldMaintenanceOrder).get.response,
});

export const OldMaintenanceInvalidateBody = named(
  'OldMaintenanceInvalidateBody',
  Type.Object({ invalidReason: reason() }, strict),
);
export type OldMaintenanceInvalidateBody = Static<typeof OldMaintenanceInvalidateBody>;

export const invalidateOldMaintenanceOrder = defineOperation({
  operationId: 'invalidateOldMaintenanceOrder',
  method: 'POST',
  path: `${oldMaintenanceOrder.path}/:id/invalidate`,
  permission,
  tags: [oldMaintenanceOrder.name],
  summary: 'Invalidate an old-style order waiting for confirmation, with a reason (final)',
  params: IdParams,
  body: OldMaintenanceInvalidateBody,
  response: entityOperations(oldMaintenanceOrder).get.response,
});

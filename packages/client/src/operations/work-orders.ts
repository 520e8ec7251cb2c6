import Type, { type Static } from 'typebox';
import { workOrder } from '../entities/index.js';
import { PERMISSION } from '../permissions.js';
import { USER_ACTIONS, type UserAction } from '../workflow/workOrder.js';
import { IdParams, fieldSchema, labelled, named, NoData } from './components.js';
import { entityOperations } from './entity.js';
import { defineOperation } from './define.js';
import type { Issue } from '../schema/entity.js';

/** A repair work order beyond its list (docs/work-orders.md): the state machine's actions, pause, people, detail. */
const tags = [workOrder.name];

const ActionParams = Type.Object({
  id: IdParams.properties.id,
  action: Type.Unsafe<UserAction>(Type.String({ enum: [...USER_ACTIONS] })),
});

/** What finish (handling, fault reason) and cancel (reason, required) take; the other actions take nothing. */
export const WorkOrderActionBody = named(
  'WorkOrderActionBody',
  Type.Object(
    {
      handling: Type.Optional(labelled(Type.String({ maxLength: 1000 }), '处理情况', 'Handling', 'Intervento')),
      faultReason: Type.Optional(
        labelled(Type.String({ maxLength: 500 }), '故障原因', 'Fault reason', 'Causa del guasto'),
      ),
      reason: Type.Optional(
        labelled(Type.String({ maxLength: 500 }), '撤销原因', 'Cancel reason', 'Motivo annullamento'),
      ),
    },
    { additionalProperties: false },
  ),
);
export type WorkOrderActionBody = Static<typeof WorkOrderActionBody>;

/** What an action cannot go without: finish the handling and the fault reason, cancel a reason. */
export const ACTION_REQUIRED_FIELDS: Partial<Record<UserAction, readonly (keyof WorkOrderActionBody)[]>> = {
  finish: ['handling', 'faultReason'],
  cancel: ['reason'],
};

/** The body's missing required fields for an action, each named (the server's check, the console's and liftctl's). */
export function actionBodyIssues(action: UserAction, body: WorkOrderActionBody): Issue[] {
  return (ACTION_REQUIRED_FIELDS[action] ?? [])
    .filter((field) => !body[field]?.trim())
    .map((field) => ({ field, rule: 'validation.required' as const }));
}

export const WorkOrderPersonBody = named(
  'WorkOrderPersonBody',
  Type.Object(
    {
      userId: labelled(Type.Integer({ minimum: 1 }), '人员', 'Person', 'Persona'),
      role: labelled(
        Type.Unsafe<'repair' | 'service'>(Type.String({ enum: ['repair', 'service'] })),
        '角色',
        'Role',
        'Ruolo',
      ),
    },
    { additionalProperties: false },
  ),
);

/** The order, what the caller may do now, its people and its tracking timeline. */
export const WorkOrderDetail = named(
  'WorkOrderDetail',
  Type.Object({
    order: Type.Record(Type.String(), Type.Unknown()),
    allowedActions: Type.Array(Type.Unsafe<UserAction>(Type.String())),
    people: Type.Array(Type.Object({ userId: Type.Integer(), name: Type.String(), role: Type.String() })),
    timeline: Type.Array(
      Type.Object({
        action: Type.String(),
        fromState: Type.Union([Type.Integer(), Type.Null()]),
        toState: Type.Integer(),
        userName: Type.Union([Type.String(), Type.Null()]),
        note: Type.Union([Type.String(), Type.Null()]),
        /** Epoch milliseconds. */
        time: Type.Integer(),
      }),
    ),
  }),
);
export type WorkOrderDetail = Static<typeof WorkOrderDetail>;

export const actOnWorkOrder = defineOperation({
  operationId: 'actOnWorkOrder',
  method: 'POST',
  path: `${workOrder.path}/:id/:action`,
  permission: PERMISSION.repairOrders,
  tags,
  summary: 'Receive, arrive, finish, confirm or cancel (with reason) a work order',
  params: ActionParams,
  body: WorkOrderActionBody,
  response: NoData,
});

export const pauseWorkOrder = defineOperation({
  operationId: 'pauseWorkOrder',
  method: 'PUT',
  path: `${workOrder.path}/:id/pause`,
  permission: PERMISSION.repairOrders,
  tags,
  summary: 'Pause (stop) or resume a work order',
  params: IdParams,
  body: named('PauseBody', Type.Object({ paused: Type.Boolean() }, { additionalProperties: false })),
  response: NoData,
});

export const getWorkOrderDetail = defineOperation({
  operationId: 'getWorkOrderDetail',
  method: 'GET',
  path: `${workOrder.path}/:id/detail`,
  permission: PERMISSION.repairOrders,
  tags,
  summary: 'A work order with its people, the actions allowed now and its tracking timeline',
  params: IdParams,
  response: WorkOrderDetail,
});

export const addWorkOrderPerson = defineOperation({
  operationId: 'addWorkOrderPerson',
  method: 'POST',
  path: `${workOrder.path}/:id/people`,
  permission: PERMISSION.repairOrders,
  tags,
  summary: 'Add a repair person or service person',
  params: IdParams,
  body: WorkOrderPersonBody,
  response: NoData,
});

/** A repair order raised by a person (docs/decisions.md "Repair orders raised by people"). */
export const RaiseWorkOrderBody = named(
  'RaiseWorkOrderBody',
  Type.Object(
    {
      elevatorId: fieldSchema(workOrder.fields.elevatorId),
      /** 2 app alarm, 3 phone call repair, 4 generated by annual inspection (1, automatic, is the gateways'). */
      repairMethod: labelled(
        { type: 'integer', enum: [2, 3, 4] } as unknown as ReturnType<typeof Type.Integer>,
        '报修方式',
        'Repair method',
        'Modalità di richiesta',
      ),
      type: fieldSchema(workOrder.fields.type),
      contactPerson: Type.Optional(fieldSchema(workOrder.fields.contactPerson)),
      contactTel: Type.Optional(fieldSchema(workOrder.fields.contactTel)),
      alarmPersonPhone: Type.Optional(fieldSchema(workOrder.fields.alarmPersonPhone)),
      hasPeople: Type.Optional(fieldSchema(workOrder.fields.hasPeople)),
      propertyName: Type.Optional(fieldSchema(workOrder.fields.propertyName)),
    },
    { additionalProperties: false },
  ),
);
export type RaiseWorkOrderBody = Static<typeof RaiseWorkOrderBody>;

export const raiseWorkOrder = defineOperation({
  operationId: 'raiseWorkOrder',
  method: 'POST',
  path: `${workOrder.path}/raise`,
  permission: PERMISSION.repairOrders,
  tags,
  summary: 'Raise a repair order by hand (app alarm, phone call, annual inspection): state 0, then the usual actions',
  body: RaiseWorkOrderBody,
  response: entityOperations(workOrder).get.response,
});

import Type, { type Static } from 'typebox';
import { gatewayDevice, gatewayVersion, netApply } from '../entities/index.js';
import { COMMAND_ACTIONS, CommandMessage } from '../gateway/protocol.js';
import { PERMISSION } from '../permissions.js';
import { L } from '../schema/fields.js';
import { fieldSchema, fileForm, IdParams, labelled, named, NoData } from './components.js';
import { defineOperation } from './define.js';

/** The elevator and gateway registry beyond CRUD: binding, blacklist, protocol, credentials, commands, firmware, network applications. */

const GatewayIds = labelled(
  Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 1000, uniqueItems: true }),
  '网关设备',
  'Gateways',
  'Gateway',
);

export const BindGatewayBody = named(
  'BindGatewayBody',
  Type.Object(
    {
      elevatorId: labelled(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]), '电梯', 'Elevator', 'Ascensore'),
      replace: Type.Optional(Type.Boolean({ description: 'Move the gateway bound to that elevator off it' })),
    },
    { additionalProperties: false },
  ),
);
export type BindGatewayBody = Static<typeof BindGatewayBody>;

export const BlacklistBody = named(
  'BlacklistBody',
  Type.Object({ ids: GatewayIds, black: Type.Boolean() }, { additionalProperties: false }),
);

/** The protocol settings one call sets on several gateways; a field left out keeps each gateway's own. */
export const PROTOCOL_FIELDS = ['protocols', 'motorType', 'polePairs', 'doorTypes', 'elevatorSpeed'] as const;
export const ProtocolBody = named(
  'ProtocolBody',
  Type.Object(
    {
      ids: GatewayIds,
      protocols: Type.Optional(fieldSchema(gatewayDevice.fields.protocols)),
      motorType: Type.Optional(fieldSchema(gatewayDevice.fields.motorType)),
      polePairs: Type.Optional(fieldSchema(gatewayDevice.fields.polePairs)),
      doorTypes: Type.Optional(fieldSchema(gatewayDevice.fields.doorTypes)),
      elevatorSpeed: Type.Optional(fieldSchema(gatewayDevice.fields.elevatorSpeed)),
    },
    { additionalProperties: false },
  ),
);
export type ProtocolBody = Static<typeof ProtocolBody>;

/** Shown once: the gateway logs in to MQTT with its DTU number and this secret. */
export const GatewayCredentials = named(
  'GatewayCredentials',
  Type.Object({ dtuCode: Type.String(), secret: Type.String(), username: Type.String() }),
);
export type GatewayCredentials = Static<typeof GatewayCredentials>;

export const CommandBody = named(
  'CommandBody',
  Type.Object(
    {
      action: CommandMessage.properties.action,
      params: CommandMessage.properties.params,
    },
    { additionalProperties: false },
  ),
);

export const bindGateway = defineOperation({
  operationId: 'bindGateway',
  method: 'PUT',
  path: `${gatewayDevice.path}/:id/bind`,
  permission: PERMISSION.gateways,
  tags: [gatewayDevice.name],
  summary: 'Bind a gateway to an elevator (null unbinds)',
  params: IdParams,
  body: BindGatewayBody,
  response: NoData,
});

export const setGatewaysBlacklisted = defineOperation({
  operationId: 'setGatewaysBlacklisted',
  method: 'PUT',
  path: `${gatewayDevice.path}/blacklist`,
  permission: PERMISSION.gateways,
  tags: [gatewayDevice.name],
  summary: 'Put gateways on or off the blacklist',
  body: BlacklistBody,
  response: NoData,
});

export const setGatewaysProtocol = defineOperation({
  operationId: 'setGatewaysProtocol',
  method: 'PUT',
  path: `${gatewayDevice.path}/protocol`,
  permission: PERMISSION.gateways,
  tags: [gatewayDevice.name],
  summary: 'Set the protocol settings of gateways',
  body: ProtocolBody,
  response: NoData,
});

export const issueGatewayCredentials = defineOperation({
  operationId: 'issueGatewayCredentials',
  method: 'POST',
  path: `${gatewayDevice.path}/:id/credentials`,
  permission: PERMISSION.gateways,
  tags: [gatewayDevice.name],
  summary: 'Issue a gateway’s MQTT secret (shown once; the previous one stops working)',
  params: IdParams,
  response: GatewayCredentials,
});

export const sendGatewayCommand = defineOperation({
  operationId: 'sendGatewayCommand',
  method: 'POST',
  path: `${gatewayDevice.path}/:id/commands`,
  permission: PERMISSION.gateways,
  tags: [gatewayDevice.name],
  summary: `Send a command (${COMMAND_ACTIONS.join(', ')}) to an online gateway`,
  params: IdParams,
  body: CommandBody,
  response: named('CommandSent', Type.Object({ commandId: Type.Integer() })),
});

export const reviewNetApply = defineOperation({
  operationId: 'reviewNetApply',
  method: 'PUT',
  path: `${netApply.path}/:id/review`,
  permission: PERMISSION.netApplies,
  tags: [netApply.name],
  summary: 'Mark a network application reviewed',
  params: IdParams,
  response: NoData,
});

export const generateElevatorFromNetApply = defineOperation({
  operationId: 'generateElevatorFromNetApply',
  method: 'POST',
  path: `${netApply.path}/:id/generate`,
  permission: PERMISSION.netApplies,
  tags: [netApply.name],
  summary: 'Create the elevator a reviewed network application describes',
  params: IdParams,
  response: named('GeneratedElevator', Type.Object({ elevatorId: Type.Integer() })),
});

export const uploadGatewayVersionFile = defineOperation({
  operationId: 'uploadGatewayVersionFile',
  method: 'POST',
  path: `${gatewayVersion.path}/:id/file`,
  permission: PERMISSION.superAdmin,
  tags: [gatewayVersion.name],
  summary: 'Upload a version’s program file; its MD5 must match the version’s',
  params: IdParams,
  body: fileForm(L('程序文件', 'Program file', 'File del programma')),
  multipart: true,
  response: named('UploadedFirmware', Type.Object({ url: Type.String(), md5: Type.String() })),
});

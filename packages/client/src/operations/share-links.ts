import Type, { type Static } from 'typebox';
import { workOrder } from '../entities/index.js';
import { PERMISSION } from '../permissions.js';
import { L } from '../schema/fields.js';
import { IdParams, named } from './components.js';
import { defineOperation } from './define.js';

/** Link lifetimes in hours: 7 days unless asked, at most 30 days (the server signs the expiry into the link). */
export const SHARE_LINK_HOURS = { default: 7 * 24, max: 30 * 24 } as const;

export const ShareLinkBody = named(
  'ShareLinkBody',
  Type.Object(
    {
      expiresInHours: Type.Optional(
        Type.Integer({
          minimum: 1,
          maximum: SHARE_LINK_HOURS.max,
          'x-label': L('有效时长(小时)', 'Valid for (hours)', 'Validità (ore)'),
          description: `Hours until the link stops working (default ${SHARE_LINK_HOURS.default})`,
        }),
      ),
    },
    { additionalProperties: false },
  ),
);
export type ShareLinkBody = Static<typeof ShareLinkBody>;

export const ShareLinkAnswer = named(
  'ShareLinkAnswer',
  Type.Object({
    /** `/h5workOrder/{id}?sig=…&exp=…`: put the console's origin before it. */
    path: Type.String(),
    /** When the link stops working, in the caller's time zone. */
    expireTime: Type.String(),
  }),
);
export type ShareLinkAnswer = Static<typeof ShareLinkAnswer>;

const orNull = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

/** What the public page of a signed link shows: the order as a repairer on site needs it, no internal ids. */
export const PublicWorkOrder = named(
  'PublicWorkOrder',
  Type.Object(
    {
      workOrderNo: Type.String(),
      elevatorName: orNull(Type.String()),
      address: orNull(Type.String()),
      /** alarmType code (enums.ts). */
      alarmType: Type.Integer(),
      alarmTime: Type.String(),
      /** workOrderState code. */
      state: Type.Integer(),
      paused: Type.Boolean(),
      peopleTrapped: Type.Boolean(),
      receivedTime: orNull(Type.String()),
      finishTime: orNull(Type.String()),
      /** The order's contact, or the building's (use unit's) when the order names none. */
      contactPerson: orNull(Type.String()),
      contactPhone: orNull(Type.String()),
      people: Type.Array(Type.Object({ name: Type.String(), role: Type.String() }, { additionalProperties: false })),
      timeline: Type.Array(
        Type.Object(
          {
            action: Type.String(),
            state: Type.Integer(),
            userName: orNull(Type.String()),
            note: orNull(Type.String()),
            time: Type.String(),
          },
          { additionalProperties: false },
        ),
      ),
      linkExpireTime: Type.String(),
    },
    { additionalProperties: false },
  ),
);
export type PublicWorkOrder = Static<typeof PublicWorkOrder>;

/** The signature and expiry a shared link carries in its query string. */
export type ShareLinkSignature = Required<Static<typeof PublicQuery>>;

// Strings on purpose: a malformed id, signature or expiry gets the same answer as a wrong one, not a 400.
const PublicParams = Type.Object({ id: Type.String({ maxLength: 20 }) });
const PublicQuery = Type.Object({
  sig: Type.Optional(Type.String({ maxLength: 100 })),
  exp: Type.Optional(Type.String({ maxLength: 20 })),
});

/** Minting a signed link: logged in, with the order's read permission. */
export const createWorkOrderShareLink = defineOperation({
  operationId: 'createWorkOrderShareLink',
  method: 'POST',
  path: `${workOrder.path}/:id/shareLink`,
  permission: PERMISSION.repairOrders,
  tags: [workOrder.name],
  summary: 'A signed link to the work order’s mobile page that opens without a login until it expires',
  params: IdParams,
  body: ShareLinkBody,
  response: ShareLinkAnswer,
});

/** Reading through a signed link, no login: any flaw in the link (wrong, tampered, expired) answers the same 404 `shareLink.invalid`. */
export const getSharedWorkOrder = defineOperation({
  operationId: 'getSharedWorkOrder',
  method: 'GET',
  path: `public/${workOrder.path}/:id`,
  permission: PERMISSION.public,
  tags: [workOrder.name],
  summary: 'The work order behind a signed link (no login): what a repairer on site needs, read-only',
  params: PublicParams,
  query: PublicQuery,
  response: PublicWorkOrder,
});

import Type, { type Static } from 'typebox';
import type { HttpClient } from '../http/client.js';
import { L } from '../schema/fields.js';

/** Link lifetimes in hours: 7 days unless asked, at most 30 days (the server signs the expiry into the link). */
export const SHARE_LINK_HOURS = { default: 7 * 24, max: 30 * 24 } as const;

export const ShareLinkBody = Type.Object(
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
);
export type ShareLinkBody = Static<typeof ShareLinkBody>;

export const ShareLinkAnswer = Type.Object({
  /** `/h5workOrder/{id}?sig=…&exp=…`: put the console's origin before it. */
  path: Type.String(),
  /** When the link stops working, in the caller's time zone. */
  expireTime: Type.String(),
});
export type ShareLinkAnswer = Static<typeof ShareLinkAnswer>;

const orNull = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

/** What the public page of a signed link shows: the order as a repairer on site needs it, no internal ids. */
export const PublicWorkOrder = Type.Object(
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
);
export type PublicWorkOrder = Static<typeof PublicWorkOrder>;

/** The signature and expiry a shared link carries in its query string. */
export interface ShareLinkSignature {
  sig: string;
  exp: string;
}

/** Minting a signed link (logged in, the order's read permission) and reading through one (no login). */
export function shareLinkCalls(http: HttpClient) {
  return {
    create: (workOrderId: number, body: ShareLinkBody = {}) =>
      http.post<ShareLinkAnswer>(`workOrders/${workOrderId}/shareLink`, body),
    /** Any flaw in the link (wrong, tampered, expired) answers the same 404 `shareLink.invalid`. */
    read: (workOrderId: number | string, signature: ShareLinkSignature) =>
      http.get<PublicWorkOrder>(`public/workOrders/${workOrderId}`, { ...signature }, { anonymous: true }),
  };
}

import Type, { type Static } from 'typebox';
import { announcement } from '../entities/index.js';
import { ENUMS, type DictOption, type EnumName } from '../enums.js';
import { PERMISSION } from '../permissions.js';
import { named, noticeListOf } from './components.js';
import { defineOperation } from './define.js';
import { entityOperations } from './entity.js';

/** What the console's shell reads around the pages: runtime config, dictionaries, organisations, branding, notices. */
const tags = ['shell'];

/** The GIS map's tile source (map/tiles.ts); null: the offline land outline only. */
export const MapTileSourceSchema = named(
  'MapTileSource',
  Type.Object({
    url: Type.String(),
    subdomains: Type.Array(Type.String()),
    attribution: Type.String(),
    maxZoom: Type.Integer(),
    // map/tiles.ts's MAP_DATUMS (the server's handler and the map's use check the two agree)
    datum: Type.Union([Type.Literal('wgs84'), Type.Literal('gcj02')]),
  }),
);

/** Runtime configuration the server gives the console (the API base address is never baked in). */
export const RuntimeConfig = named(
  'RuntimeConfig',
  Type.Object({
    apiBase: Type.String(),
    wsUrl: Type.String(),
    version: Type.String(),
    mapTiles: Type.Optional(Type.Union([MapTileSourceSchema, Type.Null()])),
  }),
);
export type RuntimeConfig = Static<typeof RuntimeConfig>;

/** Every dictionary by name: its options' codes and labels in the request's language. */
export const Dictionaries = named(
  'Dictionaries',
  Type.Unsafe<Record<EnumName, DictOption[]>>(
    Type.Object(
      Object.fromEntries(
        Object.keys(ENUMS).map((name) => [
          name,
          Type.Array(Type.Object({ code: Type.Integer(), desc: Type.String() })),
        ]),
      ),
    ),
  ),
);

export const OrgEntry = named(
  'OrgEntry',
  Type.Object({ id: Type.Integer(), name: Type.String(), parentId: Type.Union([Type.Integer(), Type.Null()]) }),
);
export type OrgEntry = Static<typeof OrgEntry>;

/** The branding a host shows before anyone logs in. */
export const PublicUiSetting = named(
  'PublicUiSetting',
  Type.Object({
    systemName: Type.String(),
    faviconIcon: Type.Union([Type.String(), Type.Null()]),
    logoLarge: Type.Union([Type.String(), Type.Null()]),
    logoSmall: Type.Union([Type.String(), Type.Null()]),
    appQrCode: Type.Union([Type.String(), Type.Null()]),
    miniProgramQrCode: Type.Union([Type.String(), Type.Null()]),
    homeBanner: Type.Union([Type.String(), Type.Null()]),
  }),
);
export type PublicUiSetting = Static<typeof PublicUiSetting>;

export const getRuntimeConfig = defineOperation({
  operationId: 'getRuntimeConfig',
  method: 'GET',
  path: 'config',
  permission: PERMISSION.public,
  tags,
  summary: 'Runtime configuration for the console',
  response: RuntimeConfig,
});

export const getDictionaries = defineOperation({
  operationId: 'getDictionaries',
  method: 'GET',
  path: 'dicts/mapTree',
  permission: PERMISSION.anyUser,
  tags,
  summary: 'Every dictionary, options with code and desc',
  response: Dictionaries,
});

export const listOrganisations = defineOperation({
  operationId: 'listOrganisations',
  method: 'GET',
  path: 'main/authChildrenOrg',
  permission: PERMISSION.anyUser,
  tags,
  summary: 'Organisations the caller may switch to',
  response: Type.Array(OrgEntry),
});

export const getPublicUiSetting = defineOperation({
  operationId: 'getPublicUiSetting',
  method: 'GET',
  path: 'uiSettings/public',
  permission: PERMISSION.public,
  tags,
  summary: 'Branding for a host name (no login)',
  query: Type.Object({ host: Type.Optional(Type.String({ maxLength: 253 })) }),
  response: PublicUiSetting,
});

export const listAnnouncementNotices = defineOperation({
  operationId: 'listAnnouncementNotices',
  method: 'GET',
  path: 'announcements/notice',
  permission: PERMISSION.anyUser,
  tags: ['announcement'],
  summary: 'Announcements for the home page',
  query: entityOperations(announcement).list.query,
  response: noticeListOf(entityOperations(announcement).get.response),
});

import Type, { type Static } from 'typebox';
import { UPLOAD_LIMITS } from '../constants.js';
import { ENTITIES, programCard, uiSetting } from '../entities/index.js';
import type { UploadLimit } from '../files/types.js';
import { PERMISSION, type Permission } from '../permissions.js';
import type { EntityDef, Fields } from '../schema/entity.js';
import { L } from '../schema/fields.js';
import { fileAnswer, fileForm, IdParams, named, NoData } from './components.js';
import { defineOperation, type Operation } from './define.js';

/**
 * Files through /api (the server's files/ area): downloads checked against the owner record, branding images by
 * their unguessable key, uploads a record's field then names, a gateway version's program file, and the
 * attachments of every entity whose definition declares them.
 */

/** A kept file as the API tells of it (an attachment in a list, an upload's answer). */
export const FileInfo = named(
  'FileInfo',
  Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    size: Type.Integer(),
    contentType: Type.String(),
    sha256: Type.String(),
    createTime: Type.String({ description: 'When it was uploaded: yyyy-MM-dd HH:mm:ss in the caller’s time zone' }),
    uploaderName: Type.Union([Type.String(), Type.Null()], {
      description: 'Who uploaded it, by name as it was then; null for files the platform adopted',
    }),
    url: Type.String({ description: 'Where to download it: /api/files/{id}, or a branding image’s public address' }),
  }),
);
export type FileInfo = Static<typeof FileInfo>;

/** The multipart field every upload sends its one file in, as messages name it. */
export const FILE_FIELD_LABEL = L('文件', 'File', 'File');

const megabytes = (limit: UploadLimit) => limit.maxBytes / 1024 / 1024;
const limitText = (limit: UploadLimit) =>
  `${limit.types.length ? limit.types.join(', ') : 'any file'}, at most ${megabytes(limit)} MB`;
const UPLOAD_DESCRIPTION = 'multipart/form-data with one file in the field `file`, judged by its content.';

export const downloadFile = defineOperation({
  operationId: 'downloadFile',
  method: 'GET',
  path: 'files/:id',
  permission: PERMISSION.anyUser,
  tags: ['file'],
  summary: 'Download a kept file',
  description:
    'Only whoever may read the file’s owner record gets it (its read permission, tenant and organisations); ' +
    'anyone else gets 404, as for a file that does not exist.',
  params: IdParams,
  produces: 'application/octet-stream',
  response: fileAnswer(),
});

/** 256 random bits in base64url: a branding image's public key. */
export const PublicKeyParams = Type.Object({ key: Type.String({ pattern: '^[A-Za-z0-9_-]{43}$' }) });

export const getBrandingImage = defineOperation({
  operationId: 'getBrandingImage',
  method: 'GET',
  path: 'public/branding/:key',
  permission: PERMISSION.public,
  tags: ['file'],
  summary: 'A UI setting’s branding image, by its unguessable key (no login: the login page shows it)',
  params: PublicKeyParams,
  produces: 'image/*',
  response: fileAnswer(),
});

/** An upload whose answer's url a field of `owner` then holds; sent with the owner entity's write permission. */
const fieldUpload = (
  operationId: string,
  kind: string,
  limit: UploadLimit,
  owner: { name: string; permission: { write: Permission } },
) =>
  defineOperation({
    operationId,
    method: 'POST',
    path: `uploads/${kind}`,
    permission: owner.permission.write,
    tags: ['file'],
    summary: `Upload a ${kind} (${limitText(limit)})`,
    description: `${UPLOAD_DESCRIPTION} The answer’s url is what the ${owner.name}’s field then holds.`,
    body: fileForm(FILE_FIELD_LABEL),
    multipart: true,
    response: FileInfo,
  });

export const uploadUiSettingImage = fieldUpload(
  'uploadUiSettingImage',
  'uiSettingImage',
  UPLOAD_LIMITS.uiSettingImage,
  uiSetting,
);
export const uploadProgramImage = fieldUpload(
  'uploadProgramImage',
  'programImage',
  UPLOAD_LIMITS.programImage,
  programCard,
);
export const uploadProgramVideo = fieldUpload(
  'uploadProgramVideo',
  'programVideo',
  UPLOAD_LIMITS.programVideo,
  programCard,
);

/** `:id` of the record and `:fileId` of one of its attachments. */
export const AttachmentParams = Type.Object({ id: IdParams.properties.id, fileId: IdParams.properties.id });

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The attachment operations of an entity that declares `attachments`, named alike for every one:
 * listElevatorAttachments, attachElevatorFile, deleteElevatorAttachment (a download is downloadFile). Reading
 * needs the entity's read permission, attaching and deleting its write permission.
 */
export function attachmentOperations(entity: EntityDef<Fields> & { attachments: UploadLimit }) {
  const Name = capital(entity.name);
  const label = entity.label['en-US'];
  const tags = [entity.name];
  const path = `${entity.path}/:id/attachments`;
  return {
    list: defineOperation({
      operationId: `list${Name}Attachments`,
      method: 'GET',
      path,
      permission: entity.permission.read,
      tags,
      summary: `List the attachments of a ${label}, newest first`,
      params: IdParams,
      response: Type.Array(FileInfo),
    }),
    attach: defineOperation({
      operationId: `attach${Name}File`,
      method: 'POST',
      path,
      permission: entity.permission.write,
      tags,
      summary: `Attach a file to a ${label} (${limitText(entity.attachments)})`,
      description: UPLOAD_DESCRIPTION,
      params: IdParams,
      body: fileForm(FILE_FIELD_LABEL),
      multipart: true,
      response: FileInfo,
    }),
    remove: defineOperation({
      operationId: `delete${Name}Attachment`,
      method: 'DELETE',
      path: `${path}/:fileId`,
      permission: entity.permission.write,
      tags,
      summary: `Delete an attachment of a ${label}`,
      params: AttachmentParams,
      response: NoData,
    }),
  };
}

/** An entity whose definition declares attachments. */
export type AttachableEntity = EntityDef<Fields> & { attachments: UploadLimit };

const attachable = (entity: EntityDef<Fields>): entity is AttachableEntity => entity.attachments !== undefined;

/** Every entity that declares attachments. */
export const ATTACHABLE_ENTITIES: readonly AttachableEntity[] = Object.values(ENTITIES)
  .map((entity) => entity as EntityDef<Fields>)
  .filter(attachable);

/** The attachment operations of every such entity. */
export const ATTACHMENT_OPERATIONS: readonly Operation[] = ATTACHABLE_ENTITIES.flatMap((entity) =>
  Object.values(attachmentOperations(entity)),
);

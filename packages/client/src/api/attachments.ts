import { ENTITIES, type EntityName } from '../entities/index.js';
import type { HttpClient } from '../http/client.js';
import type { EntityDef, Fields } from '../schema/entity.js';
import { callOperation } from '../operations/call.js';
import {
  attachmentOperations,
  downloadFile,
  uploadProgramImage,
  uploadProgramVideo,
  uploadUiSettingImage,
  type AttachableEntity,
} from '../operations/files.js';
import { uploadGatewayVersionFile } from '../operations/registry.js';
import { IMPORT_TIMEOUT_MS } from './files.js';

/** The uploads whose answer's address a record's field then holds. */
const FIELD_UPLOADS = {
  uiSettingImage: uploadUiSettingImage,
  programImage: uploadProgramImage,
  programVideo: uploadProgramVideo,
} as const;
export type FieldUploadKind = keyof typeof FIELD_UPLOADS;

export interface SendOptions {
  /** The file's name when the Blob has none (a File has its own). */
  fileName?: string;
  signal?: AbortSignal;
}

/** One file as the multipart body every upload takes: the field `file`. */
function oneFile(file: Blob, opts: SendOptions): FormData {
  const form = new FormData();
  const named = (file as Blob & { name?: string }).name;
  form.append('file', file, opts.fileName ?? (named || 'file'));
  return form;
}

/** A large file takes a while on a slow line: uploads and downloads wait as long as an import. */
const slow = (opts: { signal?: AbortSignal }) => ({
  timeoutMs: IMPORT_TIMEOUT_MS,
  ...(opts.signal ? { signal: opts.signal } : {}),
});

/** The attachment operations of an entity, or an error naming it when its definition declares none. */
function attachmentsOf(entity: EntityName) {
  const def = ENTITIES[entity] as EntityDef<Fields>;
  if (!def.attachments) throw new Error(`${entity} takes no attachments`);
  return attachmentOperations(def as AttachableEntity);
}

/**
 * Files (operations/files.ts): downloads (checked against the owner record), uploads a record's field then
 * names by address, a gateway version's program file, and the attachments of any entity that declares them.
 * The console passes a File from an input, the CLI a Blob read from disk.
 */
export function fileStoreCalls(http: HttpClient) {
  return {
    files: {
      /** A kept file's bytes and the name it was uploaded under. */
      download: (fileId: number, opts: { signal?: AbortSignal } = {}) =>
        callOperation(http, downloadFile, { params: { id: fileId }, ...slow(opts) }),
      /** An image or video whose answer's url a UI setting or program card then holds. */
      upload: (kind: FieldUploadKind, file: Blob, opts: SendOptions = {}) =>
        callOperation(http, FIELD_UPLOADS[kind], { body: oneFile(file, opts), ...slow(opts) }),
      /** A gateway version's program file (super admin); refused unless its MD5 is the version's. */
      uploadFirmware: (versionId: number, file: Blob, opts: SendOptions = {}) =>
        callOperation(http, uploadGatewayVersionFile, {
          params: { id: versionId },
          body: oneFile(file, opts),
          ...slow(opts),
        }),
    },
    attachments: {
      list: (entity: EntityName, id: number) => callOperation(http, attachmentsOf(entity).list, { params: { id } }),
      upload: (entity: EntityName, id: number, file: Blob, opts: SendOptions = {}) =>
        callOperation(http, attachmentsOf(entity).attach, { params: { id }, body: oneFile(file, opts), ...slow(opts) }),
      remove: (entity: EntityName, id: number, fileId: number) =>
        callOperation(http, attachmentsOf(entity).remove, { params: { id, fileId } }),
    },
  };
}

import type { EntityName } from '../entities/index.js';
import type { HttpClient } from '../http/client.js';
import type { EntityDef, Fields } from '../schema/entity.js';
import { callOperation } from '../operations/call.js';
import type { AttachableEntity } from '../operations/files.js';
import { IMPORT_TIMEOUT_MS } from './files.js';

// The declarations load when first called, not with the client (B6, docs/console-chunks.md).
const fileOps = () => import('../operations/files.js');

/** The uploads whose answer's address a record's field then holds. */
const FIELD_UPLOADS = {
  uiSettingImage: () => fileOps().then((m) => m.uploadUiSettingImage),
  programImage: () => fileOps().then((m) => m.uploadProgramImage),
  programVideo: () => fileOps().then((m) => m.uploadProgramVideo),
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
async function attachmentsOf(entity: EntityName) {
  const [{ ENTITIES }, { attachmentOperations }] = await Promise.all([import('../entities/index.js'), fileOps()]);
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
      download: async (fileId: number, opts: { signal?: AbortSignal } = {}) =>
        callOperation(http, (await fileOps()).downloadFile, { params: { id: fileId }, ...slow(opts) }),
      /** An image or video whose answer's url a UI setting or program card then holds. */
      upload: async (kind: FieldUploadKind, file: Blob, opts: SendOptions = {}) =>
        callOperation(http, await FIELD_UPLOADS[kind](), { body: oneFile(file, opts), ...slow(opts) }),
      /** A gateway version's program file (super admin); refused unless its MD5 is the version's. */
      uploadFirmware: async (versionId: number, file: Blob, opts: SendOptions = {}) =>
        callOperation(http, (await import('../operations/registry.js')).uploadGatewayVersionFile, {
          params: { id: versionId },
          body: oneFile(file, opts),
          ...slow(opts),
        }),
    },
    attachments: {
      list: async (entity: EntityName, id: number) =>
        callOperation(http, (await attachmentsOf(entity)).list, { params: { id } }),
      upload: async (entity: EntityName, id: number, file: Blob, opts: SendOptions = {}) =>
        callOperation(http, (await attachmentsOf(entity)).attach, {
          params: { id },
          body: oneFile(file, opts),
          ...slow(opts),
        }),
      remove: async (entity: EntityName, id: number, fileId: number) =>
        callOperation(http, (await attachmentsOf(entity)).remove, { params: { id, fileId } }),
    },
  };
}

import multipart from '@fastify/multipart';
import { ATTACHABLE_ENTITIES, type EntityName } from '@liftcloud/client';
import type { FastifyInstance } from 'fastify';
import { adoptLegacyUploads } from '../../files/legacy.js';
import { LocalFileStore } from '../../files/local-store.js';
import { FileOwners, type FileOwner } from '../../files/owners.js';
import { namedFiles } from '../../files/references.js';
import { FileService, stagingDirOf } from '../../files/service.js';
import { filesSweepJob } from '../../jobs/files-sweep.js';
import { repositoryFor } from '../../store/repositories.js';
import { EXPOSED } from '../../tables/index.js';
import type { AreaDeps } from '../area.js';
import { registerAttachmentRoutes } from './attachments.js';
import { registerDownloads } from './downloads.js';
import { registerFirmwareRoute } from './firmware.js';
import { registerOtaFirmwareRoute } from './ota-firmware.js';
import { registerFieldUploads } from './uploads.js';

/** Records whose text fields name files by address: saving one makes the files it names its own. */
const NAMING_FIELDS: Partial<Record<EntityName, string[]>> = {
  uiSetting: ['faviconIcon', 'logoLarge', 'logoSmall', 'appQrCode', 'miniProgramQrCode', 'homeBanner', 'appBanners'],
  programCard: ['programs'],
};

/**
 * Files as one area (off without an upload folder): the store (a local folder, DATA_DIR/uploads), the service,
 * the routes (downloads, field uploads, firmware, each attachable entity's attachments), the sweep of uploads no
 * record names, and two duties on every entity's repository: a deleted record takes its files with it, and a
 * saved record claims the uploads its fields name.
 */
export async function registerFiles(app: FastifyInstance, deps: AreaDeps): Promise<void> {
  const { uploadDir } = deps.options;
  if (!uploadDir) return;
  const { db } = deps.store;
  const files = new FileService(db, new LocalFileStore(uploadDir), stagingDirOf(uploadDir), app.log);
  const owners = new Map<string, FileOwner>();
  for (const exposure of EXPOSED) {
    const name = exposure.table.entity.name;
    if (exposure.read === 'public' || exposure.write === 'public') continue;
    const repo = repositoryFor(deps.repos, name);
    owners.set(name, { read: exposure.read, write: exposure.write, repo });
    repo.listeners.removed.push((id, { trx }) => files.dropOwned(trx, name, id));
    const naming = NAMING_FIELDS[name as EntityName];
    if (naming)
      repo.listeners.written.push(async (id, { trx }) => {
        const row = await trx
          .selectFrom(repo.spec.table)
          .select(['tenantId', ...naming])
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        const named = namedFiles(naming.map((field) => row[field]));
        await files.claim(trx, { entity: name, id, tenantId: Number(row.tenantId) }, named);
      });
  }
  const fileOwners = new FileOwners(owners, db);
  registerDownloads(app, files, fileOwners);
  await app.register(multipart);
  registerFieldUploads(app, files);
  const versions = owners.get('gatewayVersion');
  if (versions) registerFirmwareRoute(app, files, db, versions.repo);
  registerOtaFirmwareRoute(app, files, db, deps.repos.otaProgram);
  for (const entity of ATTACHABLE_ENTITIES) {
    const owner = owners.get(entity.name);
    if (owner) registerAttachmentRoutes(app, files, { entity, owner, owners: fileOwners });
  }
  deps.jobs.add(filesSweepJob(files));
  await adoptLegacyUploads(db, uploadDir, app.log);
  await files.sweepStaging();
}

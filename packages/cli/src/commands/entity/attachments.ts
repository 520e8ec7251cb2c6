import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { readInputFile } from '../input-file.js';
import { basename, resolve } from 'node:path';
import { megabytesOf, uploadProblem, type EntityName, type FileInfo, type UploadLimit } from '@liftcloud/client';
import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { CliError, isApiError } from '../../errors.js';
import { EXIT } from '../../exit-codes.js';
import { t } from '../../i18n/index.js';
import type { Column } from '../../output/columns.js';
import { say } from '../../output/messages.js';
import { writeRecord, writeRecords, type RecordOutputOptions } from '../../output/records.js';
import { writeTo } from '../../output/stream.js';
import { contextFor } from '../options.js';
import { entityDef, labelOf, notFoundAsMessage } from './definition.js';
import { parseId } from './ids.js';

const column = (key: keyof FileInfo, header: string): Column<FileInfo> => ({ key, header, value: (f) => f[key] });

const columns = (): Column<FileInfo>[] => [
  column('id', t('files.col.id')),
  column('name', t('files.col.name')),
  column('size', t('files.col.size')),
  column('createTime', t('files.col.uploaded')),
  column('uploaderName', t('files.col.uploader')),
];
const wideColumns = (): Column<FileInfo>[] => [
  ...columns(),
  column('contentType', 'Content-Type'),
  column('sha256', t('files.col.sha256')),
];

/** Record output in the chosen format; --json is -o json. */
function output<R>(ctx: Context, opts: { json?: boolean }, c: Column<R>[], w: Column<R>[]): RecordOutputOptions<R> {
  const out = ctx.recordOutput(c, w);
  return opts.json ? { ...out, format: 'json' } : out;
}

/** The attachment limit of an entity that declares one. */
function limitOf(entity: string): UploadLimit {
  const limit = entityDef(entity).attachments;
  if (!limit) throw new CliError(`${entity} takes no attachments`, EXIT.usage);
  return limit;
}

/** `<entity> attachments ID`: the record's files, newest first. */
export async function attachmentsAction(
  entity: string,
  idText: string,
  opts: { json?: boolean },
  cmd: Command,
): Promise<void> {
  const ctx = await contextFor(cmd);
  const def = entityDef(entity);
  const id = parseId(idText);
  const files = await ctx
    .call((client) => client.attachments.list(entity as EntityName, id))
    .catch((error: unknown) => {
      throw notFoundAsMessage(def, id, error);
    });
  const out = output(ctx, opts, columns(), wideColumns());
  if (files.length === 0 && (out.format === 'table' || out.format === 'wide')) return say.info(t('files.none'));
  await writeRecords(out, files);
}

/**
 * `<entity> attach ID FILE`: the file's type (by its name) and size are checked against the entity's limits
 * before anything is sent (exit 2); the server checks its content again.
 */
export async function attachAction(
  entity: string,
  idText: string,
  path: string,
  opts: { json?: boolean },
  cmd: Command,
): Promise<void> {
  const ctx = await contextFor(cmd);
  const def = entityDef(entity);
  const limit = limitOf(entity);
  const id = parseId(idText);
  const bytes = await readInputFile(path);
  const name = basename(path);
  const problem = uploadProblem(name, bytes.length, limit);
  if (problem === 'type') throw new CliError(t('files.wrongType', { name, types: limit.types.join(', ') }), EXIT.usage);
  if (problem === 'size')
    throw new CliError(
      t('files.tooLarge', { name, actual: (bytes.length / 1024 / 1024).toFixed(1), size: megabytesOf(limit) }),
      EXIT.usage,
    );
  const kept = await ctx
    .call((client) =>
      client.attachments.upload(entity as EntityName, id, new Blob([new Uint8Array(bytes)]), { fileName: name }),
    )
    .catch((error: unknown) => {
      throw notFoundAsMessage(def, id, error);
    });
  say.info(t('files.attached', { name: kept.name, label: labelOf(def), id, fileId: kept.id }));
  const out = output(ctx, opts, wideColumns(), wideColumns());
  if (out.format !== 'table') await writeRecord(out, kept);
}

interface Saved {
  id: number;
  name: string;
  path: string;
  size: number;
  sha256: string;
}

const savedColumns: Column<Saved>[] = (['id', 'name', 'path', 'size', 'sha256'] as const).map((key) => ({
  key,
  header: key,
  value: (s) => s[key],
}));

/**
 * `<entity> download FILE-ID [--out PATH]`: the file the server gives only to those who may read its record,
 * saved under its own name in this folder (not over an existing file unless --yes), at PATH, or to stdout (-).
 */
export async function downloadAction(
  fileIdText: string,
  opts: { out?: string; json?: boolean },
  cmd: Command,
): Promise<void> {
  const ctx = await contextFor(cmd);
  const id = parseId(fileIdText);
  const { blob, fileName } = await ctx
    .call((client) => client.files.download(id))
    .catch((error: unknown) => {
      if (isApiError(error) && error.status === 404) throw new CliError(t('files.notFound', { id }));
      throw error;
    });
  const bytes = Buffer.from(await blob.arrayBuffer());
  // only the last segment of the server's name: a name never chooses the folder
  const name = basename(fileName ?? '') || `file-${id}`;
  if (opts.out === '-') return writeTo(process.stdout, bytes);
  const path = resolve(opts.out ?? name);
  try {
    await writeFile(path, bytes, { flag: ctx.yes ? 'w' : 'wx' });
  } catch (error) {
    if ((error as { code?: string }).code === 'EEXIST') throw new CliError(t('files.exists', { path }), EXIT.usage);
    throw new CliError(t('files.unreadable', { path, reason: (error as Error).message }));
  }
  say.info(t('files.saved', { name, bytes: bytes.length, path }));
  const saved: Saved = { id, name, path, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
  const out = output(ctx, opts, savedColumns, savedColumns);
  if (out.format !== 'table') await writeRecord(out, saved);
}

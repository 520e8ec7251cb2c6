import type { FastifyBaseLogger } from 'fastify';
import type { ExpressionBuilder, Kysely, Selectable, Transaction } from 'kysely';
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { DB, FileRow } from '../db/tables.js';
import type { Caller } from '../services/caller.js';
import type { LooseDB } from '../store/repository.js';
import { receive, type Received, type ReceiveOptions } from './receive.js';
import type { FileStore } from './store.js';

export type StoredFile = Selectable<FileRow>;

/** The kinds of kept files: what each is for decides its limit, its owner entity and who reads it. */
export type FileKind = 'uiSettingImage' | 'programImage' | 'programVideo' | 'firmware' | 'attachment';

export interface KeepOptions {
  tenantId: number;
  ownerEntity: string;
  /** null: a file uploaded before the record that will name it is saved (see claim). */
  ownerId: number | null;
  kind: FileKind;
  uploader: Caller;
  /** Served without a login under an unguessable key (branding images only). */
  public?: boolean;
}

/** The folder uploads wait in while they are checked, inside the upload folder (so keeping one is a rename). */
export const stagingDirOf = (uploadDir: string) => join(uploadDir, '.staging');

/** Staged files older than this are leftovers of a stopped server. */
const STALE_STAGING_MS = 60 * 60_000;

/** Kinds a record names by address in a field (not attachments): released when the record stops naming them. */
const FIELD_KINDS: readonly FileKind[] = ['uiSettingImage', 'programImage', 'programVideo'];

/** How long an upload no record names is kept (a form open for a while may still save it). */
export const UNCLAIMED_KEEP_MS = 24 * 60 * 60_000;

const newKey = (bytes: number) => randomBytes(bytes).toString('base64url');
/** 256 random bits: a branding image's address cannot be guessed from any other. */
export const newPublicKey = () => newKey(32);

/**
 * The one way a file comes in, is kept and goes: receive (bounded, sniffed, hashed, staged), keep (bytes to
 * the file store, then a row of `files`), open, and drop with its owner. Bytes are kept before the row is
 * written and deleted after it is gone, so a row always has its bytes; a crash in between leaves at worst
 * bytes that no row names.
 */
export class FileService {
  constructor(
    private readonly db: Kysely<DB>,
    readonly store: FileStore,
    private readonly stagingDir: string,
    private readonly log?: FastifyBaseLogger,
  ) {}

  receive(file: Readable, name: string, opts: Omit<ReceiveOptions, 'stagingDir'>): Promise<Received> {
    return receive(file, name, { ...opts, stagingDir: this.stagingDir });
  }

  /** Move a received file into the store and record it; the staged copy is gone either way. */
  async keep(received: Received, opts: KeepOptions): Promise<StoredFile> {
    const storageKey = `${opts.tenantId}/${newKey(16)}`;
    try {
      if (this.store.adopt) await this.store.adopt(storageKey, received.path);
      else await this.store.put(storageKey, createReadStream(received.path));
    } finally {
      await received.discard();
    }
    try {
      return await this.db
        .insertInto('files')
        .values({
          tenantId: opts.tenantId,
          ownerEntity: opts.ownerEntity,
          ownerId: opts.ownerId,
          kind: opts.kind,
          name: received.name,
          contentType: received.contentType,
          size: received.size,
          sha256: received.sha256,
          md5: received.md5,
          uploaderId: opts.uploader.userId,
          uploaderName: opts.uploader.name,
          createTime: Date.now(),
          storageKey,
          publicKey: opts.public ? newPublicKey() : null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    } catch (err) {
      await this.store.delete(storageKey);
      throw err;
    }
  }

  find(id: number): Promise<StoredFile | undefined> {
    return this.db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findPublic(publicKey: string): Promise<StoredFile | undefined> {
    return this.db.selectFrom('files').selectAll().where('publicKey', '=', publicKey).executeTakeFirst();
  }

  /** An owner record's files of one kind, newest first. */
  listOwned(ownerEntity: string, ownerId: number, kind: FileKind): Promise<StoredFile[]> {
    return this.db
      .selectFrom('files')
      .selectAll()
      .where('ownerEntity', '=', ownerEntity)
      .where('ownerId', '=', ownerId)
      .where('kind', '=', kind)
      .orderBy('id', 'desc')
      .execute();
  }

  /** The bytes of a kept file, or null when the store has lost them. */
  async open(file: StoredFile): Promise<Readable | null> {
    const bytes = await this.store.get(file.storageKey);
    if (!bytes) this.log?.error({ fileId: file.id, storageKey: file.storageKey }, 'a kept file has no bytes');
    return bytes;
  }

  /** Forget one file: its row, then its bytes. */
  async remove(file: StoredFile): Promise<void> {
    await this.db.deleteFrom('files').where('id', '=', file.id).execute();
    await this.deleteBytes([file.storageKey]);
  }

  /**
   * Inside an owner's delete: drop the rows of its files (any kind), and hand back what deletes their bytes
   * once the delete has committed (a rolled-back delete keeps both).
   */
  async dropOwned(trx: Transaction<LooseDB>, ownerEntity: string, ownerId: number): Promise<() => Promise<void>> {
    const rows = await trx
      .selectFrom('files')
      .select(['id', 'storageKey'])
      .where('ownerEntity', '=', ownerEntity)
      .where('ownerId', '=', ownerId)
      .execute();
    if (rows.length)
      await trx
        .deleteFrom('files')
        .where(
          'id',
          'in',
          rows.map((r) => r.id),
        )
        .execute();
    return () => this.deleteBytes(rows.map((r) => String(r.storageKey)));
  }

  /**
   * Inside an owner's save: the unclaimed files of its entity and tenant that the record names (by id or by
   * public key) become its own, so they go when it goes; the field uploads it owned and names no longer are
   * released (no owner), and the sweep takes them.
   */
  async claim(
    trx: Transaction<LooseDB>,
    owner: { entity: string; id: number; tenantId: number },
    named: { ids: number[]; publicKeys: string[] },
  ): Promise<void> {
    const isNamed = (eb: ExpressionBuilder<LooseDB, 'files'>) =>
      eb.or([
        ...(named.ids.length ? [eb('id', 'in', named.ids)] : []),
        ...(named.publicKeys.length ? [eb('publicKey', 'in', named.publicKeys)] : []),
      ]);
    if (named.ids.length || named.publicKeys.length)
      await trx
        .updateTable('files')
        .set({ ownerId: owner.id })
        .where('ownerEntity', '=', owner.entity)
        .where('tenantId', '=', owner.tenantId)
        .where('ownerId', 'is', null)
        .where(isNamed)
        .execute();
    let released = trx
      .updateTable('files')
      .set({ ownerId: null })
      .where('ownerEntity', '=', owner.entity)
      .where('ownerId', '=', owner.id)
      .where('kind', 'in', FIELD_KINDS);
    if (named.ids.length || named.publicKeys.length) released = released.where((eb) => eb.not(isNamed(eb)));
    await released.execute();
  }

  /** Delete the uploads no record has named for UNCLAIMED_KEEP_MS, and staged leftovers (the files-sweep job). */
  async sweep(now: number): Promise<number> {
    const rows = await this.db
      .selectFrom('files')
      .select(['id', 'storageKey'])
      .where('ownerId', 'is', null)
      .where('createTime', '<', now - UNCLAIMED_KEEP_MS)
      .execute();
    if (rows.length) {
      await this.db
        .deleteFrom('files')
        .where(
          'id',
          'in',
          rows.map((r) => r.id),
        )
        .where('ownerId', 'is', null)
        .execute();
      await this.deleteBytes(rows.map((r) => r.storageKey));
    }
    await this.sweepStaging(now);
    return rows.length;
  }

  private async deleteBytes(keys: string[]): Promise<void> {
    for (const key of keys)
      await this.store.delete(key).catch((err: unknown) => {
        // the row is gone already: the bytes are unreachable, and a later sweep may take them
        this.log?.error({ err, storageKey: key }, 'could not delete a file’s bytes');
      });
  }

  /** Drop staged uploads a stopped server left behind. */
  async sweepStaging(now = Date.now()): Promise<void> {
    const names = await readdir(this.stagingDir).catch(() => [] as string[]);
    for (const name of names) {
      const path = join(this.stagingDir, name);
      const info = await stat(path).catch(() => null);
      if (info && now - info.mtimeMs > STALE_STAGING_MS) await rm(path, { force: true });
    }
  }
}

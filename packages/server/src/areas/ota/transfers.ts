import {
  OTA_BURN,
  OTA_CHUNK_BYTES,
  OTA_WINDOW_BYTES,
  type OtaBurnError,
  type OtaDownMessage,
  type OtaUpMessage,
} from '@liftcloud/client';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { DB } from '../../db/tables.js';
import { LocalFileStore } from '../../files/local-store.js';
import type { OtaLink, OtaLinkHandler } from '../../monitoring/ota-link.js';
import type { OtaService } from '../../services/ota.js';

export interface OtaTransferOptions {
  /** How long a driven burn stays this instance's without a renewal (renewed every third of it). */
  leaseMs: number;
  /** How often waiting burns, and burns whose instance died, are looked for (a start or a gateway wakes it too). */
  pollMs: number;
  /** No answer from the gateway for this long: what is not acknowledged is sent again. */
  ackTimeoutMs: number;
  /** This many such resends in a row without progress and the burn fails. */
  maxStalls: number;
  /** A burn nobody has driven for this long (its gateway never came online) fails and gives its quota back. */
  giveUpMs: number;
  /** Burns one instance drives at once. */
  maxActive: number;
  chunkBytes: number;
  windowBytes: number;
}

export const OTA_TRANSFER_DEFAULTS: OtaTransferOptions = {
  leaseMs: 30_000,
  pollMs: 5_000,
  ackTimeoutMs: 10_000,
  maxStalls: 6,
  giveUpMs: 24 * 60 * 60_000,
  maxActive: 500,
  chunkBytes: OTA_CHUNK_BYTES,
  windowBytes: OTA_WINDOW_BYTES,
};

/** A program's firmware, read once while some transfer of it runs here. */
interface Firmware {
  bytes: Buffer;
  sha256: string;
  version: string;
  users: number;
}

interface Active {
  burnId: number;
  dtu: string;
  transferId: string;
  programId: number;
  firmware: Firmware;
  /** Bytes the gateway acknowledged (it holds them in order and intact), and bytes sent so far. */
  acked: number;
  sent: number;
  /** The gateway answered the begin (ready or resume): chunks may go. */
  ready: boolean;
  stalls: number;
  timer: NodeJS.Timeout | null;
  /** What was last written to the store (progress %) and when. */
  writtenProgress: number;
  writtenAt: number;
  writing: Promise<void>;
  ending: boolean;
}

const PROGRESS_WRITE_MS = 500;

async function readAll(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/**
 * Sends burns' firmware to their gateways over MQTT (docs/gateway-protocol.md "OTA transfer"). A waiting or
 * transferring burn is driven by the instance holding its lease on the burn row (a conditional UPDATE takes it,
 * as the gateway tests and the job scheduler do): with the embedded broker only the instance its gateway is
 * connected to takes it. The lease is renewed while the transfer runs, released when the gateway drops off or
 * the instance stops (so the instance it reconnects to resumes it at once), and lapses when the instance dies
 * (then another takes it over). At most `windowBytes` go unacknowledged per gateway; progress and the acknowledged
 * offset are written to the burn row under the lease; the end goes through OtaService.finish, which counts it once.
 */
export class OtaTransfers implements OtaLinkHandler {
  readonly owner = `ota-${randomUUID()}`;
  readonly opts: OtaTransferOptions;
  private readonly active = new Map<string, Active>();
  private readonly firmware = new Map<number, Promise<Firmware>>();
  private readonly files: LocalFileStore | null;
  private poller: NodeJS.Timeout | null = null;
  private renewer: NodeJS.Timeout | null = null;
  private polling: Promise<void> | null = null;
  private again = false;
  private closed = false;
  /** Burns this instance took to drive, and ended (for tests and ops). */
  readonly stats = { claimed: 0, ended: 0 };

  constructor(
    private readonly db: Kysely<DB>,
    private readonly ota: OtaService,
    private readonly link: OtaLink,
    uploadDir: string | null,
    private readonly log: FastifyBaseLogger,
    opts: Partial<OtaTransferOptions> = {},
  ) {
    this.opts = { ...OTA_TRANSFER_DEFAULTS, ...opts };
    this.files = uploadDir ? new LocalFileStore(uploadDir) : null;
    link.handle(this);
    this.poller = setInterval(() => this.wake(), this.opts.pollMs);
    this.renewer = setInterval(() => void this.renew(), Math.max(50, Math.floor(this.opts.leaseMs / 3)));
    this.wake();
  }

  /** Burns were started (here or elsewhere): look for ones to drive now rather than at the next poll. */
  start(burnIds: number[]): void {
    if (burnIds.length) this.wake();
  }

  /** Transfers this instance drives now (for tests and ops). */
  driving(): string[] {
    return [...this.active.values()].map((a) => a.transferId);
  }

  wake(): void {
    if (this.closed) return;
    if (this.polling) {
      this.again = true;
      return;
    }
    this.polling = this.poll()
      .catch((err: unknown) => this.log.error({ err }, 'OTA transfers: looking for burns failed'))
      .finally(() => {
        this.polling = null;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  /** Take waiting burns, and burns whose lease lapsed, whose gateway this instance reaches; fail forgotten ones. */
  private async poll(): Promise<void> {
    const now = Date.now();
    const free = Math.max(0, this.opts.maxActive - this.active.size);
    if (free > 0) {
      const candidates = await this.db
        .selectFrom('otaBurns')
        .select(['id', 'dtu', 'transferId', 'programId', 'state'])
        .where('state', 'in', [OTA_BURN.waiting, OTA_BURN.transferring])
        .where((eb) => eb.or([eb('leaseUntil', 'is', null), eb('leaseUntil', '<', now)]))
        .orderBy('id')
        .limit(Math.max(free * 4, 100))
        .execute();
      let taken = 0;
      for (const c of candidates) {
        if (taken >= free || this.closed) break;
        const dtu = String(c.dtu);
        if (this.active.has(String(c.transferId)) || !this.link.reachable(dtu)) continue;
        if (![...this.active.values()].every((a) => a.dtu !== dtu)) continue; // one transfer a gateway at a time
        const claimed = await this.db
          .updateTable('otaBurns')
          .set({ leaseOwner: this.owner, leaseUntil: Date.now() + this.opts.leaseMs })
          .where('id', '=', c.id)
          .where('state', 'in', [OTA_BURN.waiting, OTA_BURN.transferring])
          .where((eb) => eb.or([eb('leaseUntil', 'is', null), eb('leaseUntil', '<', Date.now())]))
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) continue;
        taken++;
        this.stats.claimed++;
        await this.begin(c.id, dtu, String(c.transferId), Number(c.programId));
      }
    }
    // burns whose gateway never came back: failed, their reservation given back
    const forgotten = await this.db
      .selectFrom('otaBurns')
      .select('id')
      .where('state', 'in', [OTA_BURN.waiting, OTA_BURN.transferring])
      .where('updateTime', '<', now - this.opts.giveUpMs)
      .where((eb) => eb.or([eb('leaseUntil', 'is', null), eb('leaseUntil', '<', now)]))
      .limit(100)
      .execute();
    for (const f of forgotten) await this.ota.finish(f.id, false, 'neverOnline' satisfies OtaBurnError);
  }

  private async loadFirmware(programId: number): Promise<Firmware> {
    let pending = this.firmware.get(programId);
    if (!pending) {
      pending = (async () => {
        const row = await this.db
          .selectFrom('otaPrograms as p')
          .innerJoin('files as f', 'f.id', 'p.fileId')
          .select(['p.sha256', 'p.version', 'f.storageKey'])
          .where('p.id', '=', programId)
          .executeTakeFirst();
        const stream = row && this.files ? await this.files.get(row.storageKey) : null;
        if (!row || !stream) throw new Error('firmwareMissing' satisfies OtaBurnError);
        const bytes = await readAll(stream);
        const sha256 = createHash('sha256').update(bytes).digest('hex');
        if (sha256 !== row.sha256) throw new Error('firmwareMissing' satisfies OtaBurnError);
        return { bytes, sha256, version: String(row.version), users: 0 };
      })();
      this.firmware.set(programId, pending);
      pending.catch(() => this.firmware.delete(programId));
    }
    const fw = await pending;
    fw.users++;
    return fw;
  }

  private releaseFirmware(a: Active): void {
    if (--a.firmware.users <= 0) this.firmware.delete(a.programId);
  }

  /** Drive a burn this instance just took: announce the file; chunks go once the gateway says where to start. */
  private async begin(burnId: number, dtu: string, transferId: string, programId: number): Promise<void> {
    let firmware: Firmware;
    try {
      firmware = await this.loadFirmware(programId);
    } catch (err) {
      this.log.error({ err, burnId }, 'OTA transfer cannot start');
      await this.ota.finish(burnId, false, (err as Error).message);
      return;
    }
    const a: Active = {
      burnId,
      dtu,
      transferId,
      programId,
      firmware,
      acked: 0,
      sent: 0,
      ready: false,
      stalls: 0,
      timer: null,
      writtenProgress: -1,
      writtenAt: 0,
      writing: Promise.resolve(),
      ending: false,
    };
    this.active.set(transferId, a);
    await this.announce(a);
  }

  private async announce(a: Active): Promise<void> {
    this.arm(a);
    await this.send(a, {
      op: 'begin',
      transferId: a.transferId,
      programId: a.programId,
      version: a.firmware.version,
      size: a.firmware.bytes.length,
      sha256: a.firmware.sha256,
      chunkSize: this.opts.chunkBytes,
    });
  }

  private async send(a: Active, message: OtaDownMessage): Promise<void> {
    try {
      await this.link.send(a.dtu, message);
    } catch (err) {
      this.log.warn({ err, dtu: a.dtu }, 'OTA message not sent');
    }
  }

  /** (Re)start the answer timer: when it runs out, what is not acknowledged goes again, up to maxStalls times. */
  private arm(a: Active): void {
    if (a.timer) clearTimeout(a.timer);
    a.timer = setTimeout(() => void this.stalled(a), this.opts.ackTimeoutMs);
  }

  private async stalled(a: Active): Promise<void> {
    if (a.ending || this.active.get(a.transferId) !== a) return;
    if (++a.stalls > this.opts.maxStalls) return this.end(a, false, 'noAnswer' satisfies OtaBurnError);
    if (!a.ready) return this.announce(a);
    a.sent = a.acked;
    this.arm(a);
    this.pump(a);
  }

  /** Send chunks while the unacknowledged bytes stay within the window. */
  private pump(a: Active): void {
    const size = a.firmware.bytes.length;
    while (!a.ending && a.sent < size && a.sent - a.acked < this.opts.windowBytes) {
      const offset = a.sent;
      const length = Math.min(this.opts.chunkBytes, size - offset);
      a.sent += length;
      void this.send(a, {
        op: 'chunk',
        transferId: a.transferId,
        offset,
        length,
        data: a.firmware.bytes.subarray(offset, offset + length).toString('base64'),
      });
    }
  }

  up(dtu: string, message: OtaUpMessage): void {
    const a = this.active.get(message.transferId);
    if (!a || a.dtu !== dtu) {
      // a gateway back mid-transfer asks to resume: its burn may be free to take here
      if (message.op === 'resume') this.wake();
      return;
    }
    if (a.ending) return;
    const size = a.firmware.bytes.length;
    if (message.op === 'result') {
      const ok = message.ok === true && message.sha256 === a.firmware.sha256;
      void this.end(a, ok, ok ? null : (message.error ?? ('checksumMismatch' satisfies OtaBurnError)));
      return;
    }
    const offset = Math.min(message.offset ?? 0, size);
    if (message.op === 'ready' || message.op === 'resume') {
      // the gateway says where its intact bytes end: everything after that goes (again)
      a.ready = true;
      a.acked = offset;
      a.sent = offset;
    } else if (offset > a.acked) {
      a.acked = offset;
      if (a.sent < a.acked) a.sent = a.acked;
    } else return;
    a.stalls = 0;
    this.arm(a);
    this.pump(a);
    this.record(a);
  }

  /** 100 is for the end: a transfer all acknowledged still waits for the gateway's verdict. */
  private progressOf(a: Active): number {
    return Math.min(99, Math.floor((a.acked * 100) / a.firmware.bytes.length));
  }

  /** Write the progress to the burn row (under the lease) and tell the live channel, at most twice a second. */
  private record(a: Active, force = false): void {
    const progress = this.progressOf(a);
    const now = Date.now();
    if (!force && (progress === a.writtenProgress || now - a.writtenAt < PROGRESS_WRITE_MS)) return;
    a.writtenProgress = progress;
    a.writtenAt = now;
    const acked = a.acked;
    a.writing = a.writing
      .then(() => this.ota.progress(a.burnId, progress, { ackedOffset: acked, leaseOwner: this.owner }))
      .catch((err: unknown) => this.log.error({ err, burnId: a.burnId }, 'OTA progress not written'));
  }

  /** The burn ends once (OtaService.finish is guarded by its state): a success counts, a failure gives it back. */
  private async end(a: Active, ok: boolean, error: string | null): Promise<void> {
    if (a.ending) return;
    a.ending = true;
    this.stop(a);
    if (!ok) await this.send(a, { op: 'abort', transferId: a.transferId, reason: error ?? 'failed' });
    await a.writing;
    try {
      if (await this.ota.finish(a.burnId, ok, error, { ackedOffset: a.acked, progress: this.progressOf(a) }))
        this.stats.ended++;
    } catch (err) {
      this.log.error({ err, burnId: a.burnId }, 'OTA burn end not written');
    }
  }

  private stop(a: Active): void {
    if (a.timer) clearTimeout(a.timer);
    a.timer = null;
    if (this.active.get(a.transferId) === a) {
      this.active.delete(a.transferId);
      this.releaseFirmware(a);
    }
  }

  connected(dtu: string): void {
    void dtu;
    this.wake();
  }

  /** The gateway dropped off this instance: its transfers pause and their leases go, for whichever instance it reaches next. */
  disconnected(dtu: string): void {
    const gone = [...this.active.values()].filter((a) => a.dtu === dtu && !a.ending);
    if (!gone.length) return;
    for (const a of gone) {
      this.stop(a);
      this.record(a, true);
    }
    void Promise.all(gone.map((a) => a.writing)).then(() => this.release(gone.map((a) => a.burnId)));
  }

  private async release(burnIds: number[]): Promise<void> {
    if (!burnIds.length) return;
    await this.db
      .updateTable('otaBurns')
      .set({ leaseOwner: null, leaseUntil: null })
      .where('id', 'in', burnIds)
      .where('leaseOwner', '=', this.owner)
      .execute()
      .catch((err: unknown) => this.log.error({ err }, 'OTA leases not released'));
  }

  /** Keep the leases of the transfers running here; a transfer whose lease another instance took stops here. */
  private async renew(): Promise<void> {
    const ids = [...this.active.values()].map((a) => a.burnId);
    if (!ids.length || this.closed) return;
    try {
      const kept = await this.db
        .updateTable('otaBurns')
        .set({ leaseUntil: Date.now() + this.opts.leaseMs })
        .where('id', 'in', ids)
        .where('leaseOwner', '=', this.owner)
        .where('state', 'in', [OTA_BURN.waiting, OTA_BURN.transferring])
        .returning('id')
        .execute();
      const still = new Set(kept.map((k) => k.id));
      for (const a of [...this.active.values()])
        if (!still.has(a.burnId) && !a.ending && ids.includes(a.burnId)) this.stop(a);
    } catch (err) {
      this.log.error({ err }, 'OTA leases not renewed');
    }
  }

  private stopTimers(): void {
    this.closed = true;
    if (this.poller) clearInterval(this.poller);
    if (this.renewer) clearInterval(this.renewer);
    this.poller = this.renewer = null;
    this.link.handle(null);
  }

  /**
   * Stop as if the instance died (tests): nothing more is sent or written, and the leases are kept until they
   * lapse, so another instance takes the transfers over only then.
   */
  halt(): void {
    this.stopTimers();
    for (const a of [...this.active.values()]) {
      a.ending = true;
      this.stop(a);
    }
  }

  /** A clean stop: the transfers pause and their leases are released, so another instance resumes them at once. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.stopTimers();
    await this.polling;
    const paused = [...this.active.values()];
    for (const a of paused) {
      this.stop(a);
      await a.writing;
    }
    await this.release(paused.map((a) => a.burnId));
  }
}

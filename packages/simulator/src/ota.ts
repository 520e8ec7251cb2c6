import {
  OtaDownMessage,
  checkSchema,
  otaDownTopic,
  otaUpTopic,
  type OtaBeginMessage,
  type OtaUpMessage,
} from '@liftcloud/client';
import { createHash } from 'node:crypto';

/**
 * What a simulated gateway does wrong during a transfer, on request, each once per transfer, at a share of the
 * file (0 to 1): fail part-way (a flash write error reported as the result), corrupt one chunk (a byte flipped
 * as it is written, which the final SHA-256 check catches), or drop the connection (then reconnect and resume).
 */
export interface OtaFaults {
  failAt?: number;
  corruptAt?: number;
  dropAt?: number;
  /** A slow gateway: each chunk is acknowledged this long after it arrived. */
  slowAckMs?: number;
}

interface Transfer {
  begin: OtaBeginMessage;
  bytes: Buffer;
  /** Bytes held in order: where the next chunk must start. */
  offset: number;
  corrupted: boolean;
  dropped: boolean;
  done: boolean;
}

export interface OtaOutcome {
  transferId: string;
  ok: boolean;
  sha256: string;
  error?: string;
}

/**
 * A simulated gateway's side of the firmware transfer (docs/gateway-protocol.md "OTA transfer"): answers a begin
 * with where its intact bytes end (0, or where a transfer cut short stopped), takes chunks only in order (any
 * other is answered with the offset it expects), acknowledges each, and once it holds the whole file hashes it
 * and reports the result. What it received survives a lost connection, as a gateway's flash would.
 */
export class OtaReceiver {
  readonly topic: string;
  private current: Transfer | null = null;
  private seq = 0;
  /** Transfers finished, newest last; chunks taken, in all. */
  readonly outcomes: OtaOutcome[] = [];
  chunks = 0;
  drops = 0;

  constructor(
    private readonly dtu: string,
    public faults: OtaFaults,
    private readonly io: { publish(topic: string, payload: string): Promise<void>; drop(): void },
  ) {
    this.topic = otaDownTopic(dtu);
  }

  /** Bytes held of the transfer under way (for tests). */
  held(): number {
    return this.current?.offset ?? 0;
  }

  private async send(body: Omit<OtaUpMessage, 'id' | 'ts'>): Promise<void> {
    const message = { id: `${this.dtu}-ota-${Date.now()}-${this.seq++}`, ts: Date.now(), ...body };
    await this.io.publish(otaUpTopic(this.dtu), JSON.stringify(message));
  }

  /** Connected (again): a transfer cut short asks to go on from its last good offset. */
  async reconnected(): Promise<void> {
    const t = this.current;
    if (t && !t.done) await this.send({ op: 'resume', transferId: t.begin.transferId, offset: t.offset });
  }

  async onMessage(payload: Buffer): Promise<void> {
    let message: unknown;
    try {
      message = JSON.parse(payload.toString('utf8'));
    } catch {
      return;
    }
    if (checkSchema(OtaDownMessage, message).length) return;
    const m = message as OtaDownMessage;
    const t = this.current;
    if (m.op === 'begin') {
      if (!t || t.begin.transferId !== m.transferId || t.begin.size !== m.size) {
        if (t?.done && t.begin.transferId === m.transferId) return this.verify(t);
        this.current = {
          begin: m,
          bytes: Buffer.alloc(m.size),
          offset: 0,
          corrupted: false,
          dropped: false,
          done: false,
        };
      }
      const now = this.current!;
      if (now.done) return this.verify(now);
      return this.send({ op: 'ready', transferId: m.transferId, offset: now.offset });
    }
    if (!t || t.begin.transferId !== m.transferId) return;
    if (m.op === 'abort') {
      this.current = null;
      return;
    }
    if (t.done) return;
    const data = Buffer.from(m.data, 'base64');
    if (m.offset !== t.offset || data.length !== m.length || m.offset + m.length > t.begin.size)
      return this.send({ op: 'ack', transferId: m.transferId, offset: t.offset });
    data.copy(t.bytes, m.offset);
    this.chunks++;
    const size = t.begin.size;
    const crossed = (share: number | undefined) =>
      share !== undefined && m.offset <= share * size && share * size < m.offset + m.length;
    if (crossed(this.faults.corruptAt) && !t.corrupted) {
      t.corrupted = true;
      t.bytes[m.offset] = (t.bytes[m.offset] ?? 0) ^ 0xff;
    }
    t.offset += m.length;
    if (crossed(this.faults.failAt)) {
      t.done = true;
      const outcome = { transferId: m.transferId, ok: false, sha256: '', error: 'flashFailed' };
      this.outcomes.push(outcome);
      return this.send({ op: 'result', ...outcome });
    }
    if (crossed(this.faults.dropAt) && !t.dropped) {
      // the connection goes before this chunk is acknowledged: the platform resends from the last acknowledged
      t.dropped = true;
      this.drops++;
      return this.io.drop();
    }
    // what this chunk leaves held, decided now: acknowledgements of a slow gateway overlap
    const held = t.offset;
    const complete = held === size;
    if (complete) t.done = true;
    const slow = this.faults.slowAckMs;
    if (slow) await new Promise((resolve) => setTimeout(resolve, slow));
    await this.send({ op: 'ack', transferId: m.transferId, offset: held });
    if (complete) await this.verify(t, true);
  }

  private async verify(t: Transfer, first = false): Promise<void> {
    const sha256 = createHash('sha256').update(t.bytes).digest('hex');
    const ok = sha256 === t.begin.sha256;
    const outcome: OtaOutcome = {
      transferId: t.begin.transferId,
      ok,
      sha256,
      ...(ok ? {} : { error: 'checksumMismatch' }),
    };
    if (first) this.outcomes.push(outcome);
    await this.send({ op: 'result', ...outcome });
  }
}

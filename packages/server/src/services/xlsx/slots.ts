/**
 * Import slots shared fairly between tenants: at most `total` imports at once on this server, and at most
 * `perTenant` of them for one tenant, so one tenant's imports (or uploads that trickle in to hold slots) never
 * shut the others out. A slot is held from the upload's first byte to the answer.
 */
export class ImportSlots {
  private running = 0;
  private readonly byTenant = new Map<number, number>();

  constructor(
    private readonly total: number,
    private readonly perTenant: number,
  ) {}

  /** A slot for the tenant, or null when the server or the tenant holds all it may. */
  take(tenantId: number): { release(): void } | null {
    const mine = this.byTenant.get(tenantId) ?? 0;
    if (this.running >= this.total || mine >= this.perTenant) return null;
    this.running++;
    this.byTenant.set(tenantId, mine + 1);
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.running--;
        const left = (this.byTenant.get(tenantId) ?? 1) - 1;
        if (left > 0) this.byTenant.set(tenantId, left);
        else this.byTenant.delete(tenantId);
      },
    };
  }
}

/**
 * A budget of xlsx bytes being parsed at once on this server, whatever the tenants: the memory of a parse grows
 * with its file (shared strings, rows in flight), so two large imports take turns instead of adding up. An
 * import reserves its file's size (at most the whole budget) and waits, first come first served, until the
 * budget has room; a small file waits only behind the files queued before it.
 */
export class ParseBudget {
  private used = 0;
  private readonly queue: { bytes: number; start: () => void }[] = [];

  constructor(private readonly bytes: number) {}

  /** Resolves with a release once `bytes` fit; `signal` gives up the wait (the import's clock ran out). */
  async reserve(bytes: number, signal?: AbortSignal): Promise<() => void> {
    const want = Math.min(Math.max(bytes, 1), this.bytes);
    if (this.queue.length === 0 && this.used + want <= this.bytes) return this.grant(want);
    return new Promise((resolve, reject) => {
      const entry = { bytes: want, start: () => resolve(this.grant(want)) };
      this.queue.push(entry);
      signal?.addEventListener(
        'abort',
        () => {
          const i = this.queue.indexOf(entry);
          if (i < 0) return;
          this.queue.splice(i, 1);
          reject(signal.reason);
          this.admit();
        },
        { once: true },
      );
    });
  }

  private grant(bytes: number): () => void {
    this.used += bytes;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.used -= bytes;
      this.admit();
    };
  }

  private admit(): void {
    for (let next = this.queue[0]; next && this.used + next.bytes <= this.bytes; next = this.queue[0]) {
      this.queue.shift();
      next.start();
    }
  }
}

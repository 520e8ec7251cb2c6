/**
 * Admits bulky work one piece per turn of the event loop (docs/decisions.md "EOCD runs off the alarm path").
 *
 * 200 gateways uploading runs at the same instant deliver 200 publishes in one poll of the sockets; handled
 * there and then, their authorisation, threshold look-ups and hand-off to the measuring worker chain through
 * microtasks that never give the loop back, and an alarm read in the same poll waits for all of them (a loop
 * held 200 ms in bench/eocd-ingest.ts). Admitted here, one a turn through setImmediate, each piece runs in a
 * check phase of its own, and the loop polls the sockets and runs the alarms' flush timers between them.
 */
export class LoopTurns {
  private readonly waiting: (() => void)[] = [];
  private head = 0;
  private scheduled: NodeJS.Immediate | null = null;

  /** Resolves in a later turn of the loop, after the pieces asked for before it, one a turn. */
  next(): Promise<void> {
    return new Promise<void>((resolve) => {
      this.waiting.push(resolve);
      this.schedule();
    });
  }

  get pending(): number {
    return this.waiting.length - this.head;
  }

  private schedule(): void {
    this.scheduled ??= setImmediate(() => {
      this.scheduled = null;
      const admit = this.waiting[this.head++];
      if (this.head === this.waiting.length) {
        this.waiting.length = 0;
        this.head = 0;
      } else this.schedule();
      admit?.();
    });
  }
}

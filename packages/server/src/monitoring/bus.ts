import type { LiveEvent } from '@liftcloud/client';
import type { CheckedLiveEvent } from './live-events.js';
import { EventEmitter } from 'node:events';
import type { Revocation } from './revocation.js';

/**
 * Carries each new alarm, fault and state change once to every subscriber. In-process by default; a NATS or
 * Redis adapter implements the same interface so several server instances serve one platform. What it carries
 * is built by LiveEvents (live-events.ts), which checks each payload against its frame schema.
 */
export interface EventBus {
  publish(event: CheckedLiveEvent): Promise<void>;
  subscribe(handler: (event: LiveEvent) => void): () => void;
  /** Tell every instance (this one included) about a revocation: sockets and gateways to cut off at once. */
  revoke(revocation: Revocation): Promise<void>;
  onRevocation(handler: (revocation: Revocation) => void): () => void;
  close(): Promise<void>;
}

export function inProcessBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(event) {
      emitter.emit('event', event);
    },
    subscribe(handler) {
      emitter.on('event', handler);
      return () => emitter.off('event', handler);
    },
    async revoke(revocation) {
      emitter.emit('revocation', revocation);
    },
    onRevocation(handler) {
      emitter.on('revocation', handler);
      return () => emitter.off('revocation', handler);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

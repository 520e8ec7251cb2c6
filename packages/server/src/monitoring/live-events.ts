import {
  LIVE_FRAME_DATA,
  checkSchema,
  type LiveEvent,
  type LiveFrameData,
  type LiveFrameTypeName,
} from '@liftcloud/client';
import type { FastifyBaseLogger } from 'fastify';
import type { EventBus } from './bus.js';

declare const checked: unique symbol;
/** A live event whose payload matched its frame type's schema: only LiveEvents.build makes one. */
export type CheckedLiveEvent = LiveEvent & { readonly [checked]: true };

/** Who may see an event: the tenant, the organisations (the elevator's own and related companies), the elevator. */
export interface LiveAudience {
  tenantId: number;
  orgIds: number[];
  elevatorId: number | null;
  /** Only these users (besides the organisations' check), when set. */
  userIds?: number[];
}

/** A payload that does not match its frame schema: a programming error, never a user's. */
export class LiveFrameError extends Error {}

export interface LiveEvents {
  /**
   * The event for a frame, its payload checked against the frame type's schema (client/src/live/frames.ts).
   * A payload that does not match throws in strict mode (tests) and is logged and dropped (null) otherwise.
   */
  build<K extends LiveFrameTypeName>(type: K, audience: LiveAudience, data: LiveFrameData<K>): CheckedLiveEvent | null;
  /** Publish an event built before (the ingest builds in its transaction and sends after the commit). */
  send(event: CheckedLiveEvent): Promise<void>;
  /** Build and publish; a dropped or unpublished event is logged, never thrown at the caller (but see build). */
  publish<K extends LiveFrameTypeName>(type: K, audience: LiveAudience, data: LiveFrameData<K>): Promise<void>;
}

/** The one way the server makes live frames, so the hub only sends payloads readers can trust. */
export function liveEvents(bus: EventBus, log: FastifyBaseLogger, strict: boolean): LiveEvents {
  const build: LiveEvents['build'] = (type, audience, data) => {
    const issues = checkSchema(LIVE_FRAME_DATA[type], data);
    if (issues.length) {
      const problem = issues.map((i) => `${i.field}: ${i.rule}`).join(', ');
      if (strict) throw new LiveFrameError(`live frame ${type} does not match its schema: ${problem}`);
      log.error({ type, issues }, 'live frame does not match its schema, dropped');
      return null;
    }
    const event = { type, ...audience, data };
    // The brand says the check above passed; TypeScript cannot see that for a generic K.
    return event as unknown as CheckedLiveEvent;
  };
  const send: LiveEvents['send'] = (event) =>
    bus.publish(event).catch((err: unknown) => log.error({ err, type: event.type }, 'event bus publish failed'));
  return {
    build,
    send,
    async publish(type, audience, data) {
      const event = build(type, audience, data);
      if (event) await send(event);
    },
  };
}

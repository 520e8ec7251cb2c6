import type { LiveEvent } from '@liftcloud/client';
import { connect, JSONCodec, type NatsConnection } from 'nats';
import type { EventBus } from './bus.js';
import type { Revocation } from './revocation.js';

const codec = JSONCodec<LiveEvent>();
const revocations = JSONCodec<Revocation>();

/**
 * The event bus over NATS, so several server instances serve one platform: each instance publishes what its
 * ingest stored and every instance's hub hears every event once (a plain subject: each subscriber gets a copy).
 * Revocations travel on `{subject}.revocations` the same way, so every instance closes what it holds.
 */
export async function natsBus(
  url: string,
  subject = 'liftcloud.events',
): Promise<EventBus & { connection: NatsConnection }> {
  const connection = await connect({ servers: url, name: `liftcloud-${process.pid}` });
  const handlers = new Set<(event: LiveEvent) => void>();
  const subscription = connection.subscribe(subject);
  void (async () => {
    for await (const message of subscription) {
      const event = codec.decode(message.data);
      for (const handler of handlers) handler(event);
    }
  })();
  const revocationSubject = `${subject}.revocations`;
  const revocationHandlers = new Set<(revocation: Revocation) => void>();
  const revocationSubscription = connection.subscribe(revocationSubject);
  void (async () => {
    for await (const message of revocationSubscription) {
      const revocation = revocations.decode(message.data);
      for (const handler of revocationHandlers) handler(revocation);
    }
  })();
  return {
    connection,
    async publish(event) {
      connection.publish(subject, codec.encode(event));
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    async revoke(revocation) {
      connection.publish(revocationSubject, revocations.encode(revocation));
      // on the wire before the API answers: the other instances act as soon as NATS hands it on
      await connection.flush();
    },
    onRevocation(handler) {
      revocationHandlers.add(handler);
      return () => revocationHandlers.delete(handler);
    },
    async close() {
      subscription.unsubscribe();
      revocationSubscription.unsubscribe();
      await connection.drain();
    },
  };
}

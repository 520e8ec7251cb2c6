import type { LiveEvent } from '@liftcloud/client';
import { connect, JSONCodec, type NatsConnection } from 'nats';
import type { EventBus } from './bus.js';

const codec = JSONCodec<LiveEvent>();

/**
 * The event bus over NATS, so several server instances serve one platform: each instance publishes what its
 * ingest stored and every instance's hub hears every event once (a plain subject: each subscriber gets a copy).
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
  return {
    connection,
    async publish(event) {
      connection.publish(subject, codec.encode(event));
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    async close() {
      subscription.unsubscribe();
      await connection.drain();
    },
  };
}

import Fastify, { type FastifyInstance } from 'fastify';

/** The baseline route the benches compare the platform's with: Fastify answering a small JSON object. */
export function helloApp(): FastifyInstance {
  const hello = Fastify();
  hello.get('/hello', async () => ({ hello: 'world' }));
  return hello;
}

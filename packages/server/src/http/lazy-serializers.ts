import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

type SerializerFactory = ReturnType<typeof SerializerSelector>;

/**
 * Fastify's own answer serialisers (fast-json-stringify), each compiled when its route first answers instead
 * of for every route at start: compiling them all took about a quarter of a second of a restart on this
 * machine kind, before the first request could be answered (bench/startup.ts). Same compiler, same options,
 * same shared schemas; only the moment changes.
 */
export function lazySerializers(): SerializerFactory {
  const build = SerializerSelector();
  return (externalSchemas, options) => {
    const compile = build(externalSchemas, options);
    return (route) => {
      let serialize: ((doc: unknown) => string) | null = null;
      return (doc: unknown) => (serialize ??= compile(route))(doc);
    };
  };
}

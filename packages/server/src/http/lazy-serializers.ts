import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import { FORMAT_RULES } from '@liftcloud/client';

type SerializerFactory = ReturnType<typeof SerializerSelector>;

/**
 * The serialiser's own Ajv (used for anyOf branches) must know our formats by name, or it warns once per
 * schema that names one; an answer is never validated against them, so each is accepted as it is.
 */
const KNOWN_FORMATS = Object.fromEntries(FORMAT_RULES.map((rule) => [rule.format, true as const]));

/**
 * Fastify's own answer serialisers (fast-json-stringify), each compiled when its route first answers instead
 * of for every route at start: compiling them all took about a quarter of a second of a restart on this
 * machine kind, before the first request could be answered (bench/startup.ts). Same compiler, same options,
 * same shared schemas; only the moment changes.
 */
export function lazySerializers(): SerializerFactory {
  const build = SerializerSelector();
  return (externalSchemas, options) => {
    const compile = build(externalSchemas, {
      ...options,
      ajv: { ...options?.ajv, formats: { ...KNOWN_FORMATS, ...options?.ajv?.formats } },
    });
    return (route) => {
      let serialize: ((doc: unknown) => string) | null = null;
      return (doc: unknown) => (serialize ??= compile(route))(doc);
    };
  };
}

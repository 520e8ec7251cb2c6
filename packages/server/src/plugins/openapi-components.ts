import { COMPONENT_KEYWORD } from '@liftcloud/client';

type Json = unknown;
export type JsonObject = Record<string, Json>;
const isObject = (v: Json): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** Every answer's frame; an operation's success narrows `data`. */
const Envelope = {
  type: 'object',
  required: ['code', 'message', 'data'],
  properties: {
    code: { type: 'integer', description: '200 on success, else the HTTP status' },
    message: { type: 'string', description: 'What happened, in the request’s language (Accept-Language)' },
    data: {},
  },
};
const FieldError = {
  type: 'object',
  required: ['field', 'rule', 'message'],
  properties: {
    field: { type: 'string', description: 'The field, as a dotted path (dtuCodes.2)' },
    rule: { type: 'string', description: 'The catalogue key of the rule it broke' },
    message: { type: 'string', description: 'The field and the rule, in the request’s language' },
  },
};
const ErrorEnvelope = {
  type: 'object',
  required: ['code', 'message', 'data'],
  properties: {
    code: { type: 'integer' },
    message: { type: 'string' },
    data: {
      type: 'object',
      required: ['key'],
      properties: {
        key: { type: 'string', description: 'The catalogue key, the same in every language: scripts match on it' },
        errors: { type: 'array', items: ref('FieldError') },
      },
    },
  },
};

const isEnvelope = (schema: Json): schema is JsonObject & { properties: JsonObject } =>
  isObject(schema) &&
  isObject(schema.properties) &&
  Object.keys(schema.properties).sort().join() === 'code,data,message';

/**
 * The OpenAPI document with named components: every schema named with the client's `named()` (entity
 * records, create and patch bodies, pages, answers) is listed once under components.schemas and referenced
 * with $ref; each success answer is the Envelope with its own `data`, and every error is an ErrorEnvelope.
 * Two different schemas under one name are a mistake in the declarations: the document refuses to build.
 */
export function nameComponents(doc: JsonObject): JsonObject & { components: { schemas: JsonObject } } {
  const schemas: JsonObject = { Envelope, ErrorEnvelope, FieldError };
  const named = (node: Json): Json => {
    if (Array.isArray(node)) return node.map(named);
    if (!isObject(node)) return node;
    const out: JsonObject = {};
    for (const [key, value] of Object.entries(node)) if (key !== COMPONENT_KEYWORD) out[key] = named(value);
    const name = node[COMPONENT_KEYWORD];
    if (typeof name !== 'string') return out;
    const known = schemas[name];
    if (known !== undefined && JSON.stringify(known) !== JSON.stringify(out))
      throw new Error(`OpenAPI: two different schemas are named ${name}`);
    schemas[name] = out;
    return ref(name);
  };
  const paths: JsonObject = {};
  for (const [path, item] of Object.entries(isObject(doc.paths) ? doc.paths : {})) {
    const operations: JsonObject = {};
    for (const [method, operation] of Object.entries(isObject(item) ? item : {})) {
      if (!isObject(operation)) {
        operations[method] = operation;
        continue;
      }
      const responses: JsonObject = {};
      for (const [status, response] of Object.entries(isObject(operation.responses) ? operation.responses : {})) {
        responses[status] = isObject(response) ? withEnvelope(response) : response;
      }
      responses.default ??= {
        description: 'An error: the status, a message in the request’s language and the catalogue key',
        content: { 'application/json': { schema: ref('ErrorEnvelope') } },
      };
      operations[method] = named({ ...operation, responses });
    }
    paths[path] = operations;
  }
  const components = isObject(doc.components) ? doc.components : {};
  return { ...doc, paths, components: { ...components, schemas } };
}

/** A success answer as the Envelope with its data: allOf keeps the frame in one place for an SDK. */
function withEnvelope(response: JsonObject): JsonObject {
  const content = isObject(response.content) ? response.content : {};
  const out: JsonObject = {};
  for (const [type, media] of Object.entries(content)) {
    const schema = isObject(media) ? media.schema : undefined;
    out[type] = isEnvelope(schema)
      ? {
          ...(media as JsonObject),
          schema: { allOf: [ref('Envelope'), { type: 'object', properties: { data: schema.properties.data } }] },
        }
      : media;
  }
  return { ...response, content: out };
}

import { ENTITIES, OPERATIONS, entityOperations, openApiPath, type OperationShape } from '@liftcloud/client';

/** An OpenAPI document as the server serves it, read as far as these checks need. */
export interface OpenApiDocument {
  paths: Record<string, Record<string, { operationId?: string } & Record<string, unknown>>>;
  components?: { schemas?: Record<string, unknown> };
}

/** Every operation the client can call: the declared ones and each entity's generic ones. */
export function clientOperations(): OperationShape[] {
  return [...OPERATIONS, ...Object.values(ENTITIES).flatMap((entity) => Object.values(entityOperations(entity)))];
}

/** "GET /api/users/{id}": how an operation is found in the document. */
const routeKey = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

/**
 * The operations of a document that no client call reaches: no declaration with its operationId, or one
 * whose method and path differ from the served route (the call would miss it).
 */
export function operationsWithoutClientCall(doc: OpenApiDocument, ops = clientOperations()): string[] {
  const byId = new Map(ops.map((op) => [op.operationId, routeKey(op.method, openApiPath(op.path))]));
  const missing: string[] = [];
  for (const [path, methods] of Object.entries(doc.paths))
    for (const [method, operation] of Object.entries(methods)) {
      const served = routeKey(method, path);
      const id = operation.operationId;
      if (!id || byId.get(id) !== served) missing.push(`${served} (${id ?? 'no operationId'})`);
    }
  return missing;
}

/** A part of the document with every $ref to a component replaced by the component itself. */
export function resolveRefs(doc: OpenApiDocument, node: unknown): unknown {
  if (Array.isArray(node)) return node.map((n) => resolveRefs(doc, n));
  if (typeof node !== 'object' || node === null) return node;
  const ref = (node as { $ref?: unknown }).$ref;
  if (typeof ref === 'string' && ref.startsWith('#/components/schemas/'))
    return resolveRefs(doc, doc.components?.schemas?.[ref.slice('#/components/schemas/'.length)]);
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, resolveRefs(doc, v)]));
}

import { OPERATION_AREAS, OPERATIONS, openApiPath } from '@liftcloud/client';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientOperations, operationsWithoutClientCall, type OpenApiDocument } from '../support/openapi.js';
import { encodedGet } from '../support/encoded-get.js';
import { startTestServer, type TestServer } from '../support/server.js';

// The document is built from the routes alone, the same on either store: one dialect is enough here.
describe('the OpenAPI document and the client’s operations', () => {
  let s: TestServer;
  let doc: OpenApiDocument;
  beforeAll(async () => {
    s = await startTestServer();
    doc = (await s.fetch('openapi.json')).body as unknown as OpenApiDocument;
  });
  afterAll(async () => s?.close());

  const served = () =>
    Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ path, method, op })),
    );

  it('is sent compressed as the client accepts (Brotli, gzip, or as it is), each the same document', async () => {
    const raw = (encoding: string) => encodedGet(`${s.baseUrl}/api/openapi.json`, encoding);
    const plain = await raw('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body.toString())).toEqual(doc);
    const br = await raw('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.length).toBeLessThan(plain.body.length / 5);
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    const gz = await raw('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
    for (const answer of [plain, br, gz]) {
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(answer.headers.vary).toBe('Accept-Encoding');
    }
  });

  it('names every operation with a unique operationId', () => {
    const ids = served().map(({ op }) => op.operationId);
    expect(ids.length).toBeGreaterThan(200);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('has a client call for every operation it lists', () => {
    expect(operationsWithoutClientCall(doc)).toEqual([]);
  });

  it('fails the check for a served operation the client does not declare', () => {
    const extra: OpenApiDocument = {
      paths: { ...doc.paths, '/api/undeclared': { get: { operationId: 'getUndeclared' } } },
    };
    expect(operationsWithoutClientCall(extra)).toEqual(['GET /api/undeclared (getUndeclared)']);
    const moved = clientOperations().map((op) => (op.operationId === 'listUsers' ? { ...op, path: 'people' } : op));
    expect(operationsWithoutClientCall(doc, moved)).toEqual(['GET /api/users (listUsers)']);
  });

  it('serves every declared operation', () => {
    const routes = new Set(served().map(({ path, method }) => `${method.toUpperCase()} ${path}`));
    const unserved = OPERATIONS.filter((op) => !routes.has(`${op.method} ${openApiPath(op.path)}`));
    expect(unserved.map((op) => op.operationId)).toEqual([]);
  });

  it('exports each declaration under its operationId, so one name finds it everywhere', () => {
    for (const area of Object.values(OPERATION_AREAS))
      for (const [name, value] of Object.entries(area))
        if (typeof value === 'object' && value !== null && 'operationId' in value) expect(value.operationId).toBe(name);
  });

  it('lists entity records, bodies, pages and answers once under components and points to them', () => {
    const schemas = doc.components?.schemas ?? {};
    for (const name of ['User', 'UserCreate', 'UserPatch', 'UserPage', 'Envelope', 'ErrorEnvelope', 'FieldError'])
      expect(schemas, name).toHaveProperty(name);
    const text = JSON.stringify(doc);
    expect(text).not.toContain('x-component');
    const refs = [...text.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(100);
    expect(refs.filter((name) => !(name in schemas))).toEqual([]);
    const list = doc.paths['/api/users']!.get!.responses as Record<string, { content: Record<string, unknown> }>;
    expect(list['200']!.content['application/json']).toEqual({
      schema: {
        allOf: [
          { $ref: '#/components/schemas/Envelope' },
          { type: 'object', properties: { data: { $ref: '#/components/schemas/UserPage' } } },
        ],
      },
    });
    expect(JSON.stringify(list.default)).toContain('#/components/schemas/ErrorEnvelope');
  });

  it('describes an upload as multipart/form-data with its file field', () => {
    const body = doc.paths['/api/elevators/import']!.post!.requestBody as { content: Record<string, unknown> };
    expect(Object.keys(body.content)).toEqual(['multipart/form-data']);
    expect(JSON.stringify(body.content)).toContain('"format":"binary"');
  });
});

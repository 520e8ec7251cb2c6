import type { CallResult, Operation, OperationShape } from '@liftcloud/client';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { Static, TSchema } from 'typebox';
import { envelope } from './envelope.js';

type StaticOr<S, Else> = S extends TSchema ? Static<S> : Else;

/** The request of an operation: params, query and body typed by its schemas (validated before the handler). */
export interface OperationRoute<O> {
  Params: O extends OperationShape<infer P> ? StaticOr<P, unknown> : unknown;
  Querystring: O extends OperationShape<infer _P, infer Q> ? StaticOr<Q, unknown> : unknown;
  // An upload's body is read as a stream (req.file(), req.parts()), never as req.body.
  Body: O extends OperationShape<infer _P, infer _Q, infer B>
    ? StaticOr<B, unknown> extends FormData
      ? unknown
      : StaticOr<B, unknown>
    : unknown;
}

export type OperationRequest<O> = FastifyRequest<OperationRoute<O>>;

/** What a handler answers: the envelope around the declared data, or the reply it sent itself (a file, a refusal). */
export type OperationAnswer<O> = { code: number; message: string; data: CallResult<O> } | FastifyReply;

export type OperationHandler<O> = (req: OperationRequest<O>, reply: FastifyReply) => Promise<OperationAnswer<O>>;

/** Server-only settings of a route (rate limits); the rest comes from the declaration. */
export type RouteConfig = Omit<FastifyContextConfig, 'permission' | 'duringPasswordChange'>;

/**
 * Serves one declared operation: its URL below /api, its permission (plugins/auth.ts), its schemas for
 * validation, serialisation and OpenAPI (operationId, tags, summary), and a handler typed by the schemas.
 */
export function route<O extends Operation>(
  app: FastifyInstance,
  op: O,
  handler: OperationHandler<O>,
  config: RouteConfig = {},
): void {
  const schema: FastifySchema = {
    operationId: op.operationId,
    tags: [...op.tags],
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    ...(op.params ? { params: op.params } : {}),
    ...(op.query ? { querystring: op.query } : {}),
    ...(op.body && !op.multipart ? { body: op.body } : {}),
    ...(op.multipart ? { consumes: ['multipart/form-data'] } : {}),
    ...(op.produces ? { produces: [op.produces] } : { response: { 200: envelope(op.response as TSchema) } }),
  };
  app.route<OperationRoute<O>>({
    method: op.method,
    url: `/api/${op.path}`,
    config: {
      ...config,
      permission: op.permission,
      ...(op.duringPasswordChange ? { duringPasswordChange: true } : {}),
      // An upload's form is described in OpenAPI only: validating it as a JSON body would refuse every upload.
      ...(op.multipart && op.body
        ? { swaggerTransform: ({ schema: s, url }) => ({ schema: { ...s, body: op.body }, url }) }
        : {}),
    },
    schema,
    handler,
  });
}

import type { Static, TSchema } from 'typebox';
import type { Permission } from '../permissions.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

type Part = TSchema | undefined;

/**
 * One API operation as data: where it lives, what it takes and what it answers. The server registers its
 * route from this (schemas, permission, OpenAPI operationId), and the client's typed call is built from it
 * (`client.call(op, input)`), so the two cannot drift.
 */
export interface OperationShape<P extends Part = Part, Q extends Part = Part, B extends Part = Part, R = TSchema> {
  /** Unique in the API and stable: an SDK generated from /api/openapi.json names its method after it. */
  readonly operationId: string;
  readonly method: HttpMethod;
  /** Below /api, without a leading slash, path parameters as `:name`: `gatewayDevices/:id/bind`. */
  readonly path: string;
  readonly tags: readonly string[];
  readonly summary: string;
  readonly description?: string;
  readonly params?: P;
  readonly query?: Q;
  /** A JSON body, or with `multipart` the form's fields (its static type is then FormData). */
  readonly body?: B;
  /** What `data` of the success envelope holds; for a download (`produces`), what the call returns. */
  readonly response: R;
  /** The body is multipart/form-data (an upload): the server reads it as a stream and does not validate it. */
  readonly multipart?: boolean;
  /** The answer is a file of this content type instead of an envelope (an xlsx export). */
  readonly produces?: string;
  /** Allowed while the caller's password must be changed (after a reset). */
  readonly duringPasswordChange?: boolean;
}

/** An operation with the permission the server enforces before anything else is read. */
export interface Operation<
  P extends Part = Part,
  Q extends Part = Part,
  B extends Part = Part,
  R = TSchema,
> extends OperationShape<P, Q, B, R> {
  readonly permission: Permission;
}

/** Declares an operation; the schemas' types flow to the server's handler and the client's call. */
export function defineOperation<
  P extends Part = undefined,
  Q extends Part = undefined,
  B extends Part = undefined,
  R extends TSchema = TSchema,
>(op: Operation<P, Q, B, R>): Operation<P, Q, B, R> {
  return op;
}

type StaticOf<S> = S extends TSchema ? Static<S> : never;

/** The path parameters, query and body a call sends, typed by the operation's schemas. */
export type CallInput<O> =
  O extends OperationShape<infer P, infer Q, infer B, infer _R>
    ? (P extends TSchema ? { params: Static<P> } : { params?: undefined }) &
        (Q extends TSchema ? { query?: Static<Q> } : { query?: undefined }) &
        (B extends TSchema ? { body: Static<B> } : { body?: undefined }) & {
          signal?: AbortSignal;
          /** Longer than the default for slow calls (an xlsx import). */
          timeoutMs?: number;
        }
    : never;

/** What a call resolves to: the envelope's data (or, for a download, the file). */
export type CallResult<O> = O extends OperationShape<Part, Part, Part, infer R> ? StaticOf<R> : never;

/** A call whose input has nothing required may leave it out. */
export type CallArgs<O> = object extends CallInput<O> ? [input?: CallInput<O>] : [input: CallInput<O>];

/** The API path of a call: `gatewayDevices/:id/bind` with {id: 7} is `gatewayDevices/7/bind`. */
export function fillPath(path: string, params: object | undefined): string {
  const values = (params ?? {}) as Record<string, unknown>;
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined || value === null) throw new Error(`${path}: path parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
}

/** The route as OpenAPI writes it: `/api/gatewayDevices/{id}/bind`. */
export const openApiPath = (path: string): string => `/api/${path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`;

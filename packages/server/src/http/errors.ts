import type { Issue, MessageKey, MessageParams } from '@liftcloud/client';
import type { TSchema } from 'typebox';

/** An error with an HTTP status and a catalogue message, localised when answered. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly key: MessageKey,
    readonly params: MessageParams = {},
  ) {
    super(key);
    this.name = 'HttpError';
  }
}

/** Field problems: answered 400 with one message per field, in the request's language. */
export class ValidationError extends Error {
  readonly statusCode = 400;
  constructor(
    readonly issues: Issue[],
    /** The schema the labels come from. */
    readonly schema?: TSchema,
    readonly status = 400,
  ) {
    super('validation failed');
    this.name = 'ValidationError';
  }
}

export const notFound = () => new HttpError(404, 'error.notFound');
export const forbidden = () => new HttpError(403, 'error.forbidden');
export const unauthorized = (expired = false) =>
  new HttpError(401, expired ? 'error.sessionExpired' : 'error.unauthorized');

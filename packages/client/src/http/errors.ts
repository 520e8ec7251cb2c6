import type { FieldError } from './envelope.js';

/**
 * What went wrong with a call, in the shape console-shell.md §8 sorts errors into: the server answered
 * (status, its message), nothing answered (connection failed), or the request itself failed.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly kind: 'response' | 'network' | 'timeout' | 'request',
    readonly status: number = 0,
    readonly key: string = '',
    readonly fieldErrors: FieldError[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
  get unauthorized(): boolean {
    return this.status === 401;
  }
}

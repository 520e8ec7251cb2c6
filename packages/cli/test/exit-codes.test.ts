import { ApiError } from '@liftcloud/client';
import { describe, expect, it } from 'vitest';
import { CliError, describeError, exitCodeOf } from '../src/errors.js';
import { EXIT } from '../src/exit-codes.js';

describe('exit codes', () => {
  it('are the documented values', () => {
    expect(EXIT).toEqual({ ok: 0, error: 1, usage: 2, auth: 3, partial: 4, cancelled: 5, found: 6, interrupt: 130 });
  });

  it('map server answers: 401 and 403 are auth, other failures errors', () => {
    expect(exitCodeOf(new ApiError('Please log in', 'response', 401, 'error.unauthorized'))).toBe(EXIT.auth);
    expect(exitCodeOf(new ApiError('No permission', 'response', 403, 'error.forbidden'))).toBe(EXIT.auth);
    expect(exitCodeOf(new ApiError('Not found', 'response', 404, 'error.notFound'))).toBe(EXIT.error);
    expect(exitCodeOf(new ApiError('Connection to server failed', 'network'))).toBe(EXIT.error);
    expect(exitCodeOf(new CliError('bad flag', EXIT.usage))).toBe(EXIT.usage);
    const ctrlC = Object.assign(new Error('User force closed the prompt'), { name: 'ExitPromptError' });
    expect(exitCodeOf(ctrlC)).toBe(EXIT.interrupt);
  });

  it('show the server message once, with field problems it does not already name', () => {
    const error = new ApiError('Company no.: cannot be empty', 'response', 400, 'validation.failed', [
      { field: 'no', rule: 'validation.required', message: 'Company no.: cannot be empty' },
      { field: 'type', rule: 'validation.enum', message: 'Type: must be one of 1, 2' },
    ]);
    expect(describeError(error)).toEqual(['Company no.: cannot be empty', '  Type: must be one of 1, 2']);
  });
});

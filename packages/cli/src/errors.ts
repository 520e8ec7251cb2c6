import { EXIT, type ExitCode } from './exit-codes.js';

/** An error the CLI reports as one message on stderr and a documented exit code. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode = EXIT.error,
    /** Extra lines shown under the message (field problems, hints). */
    readonly details: string[] = [],
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/** The shape of the client's ApiError, checked structurally so this file does not load the client. */
interface ApiErrorLike {
  name: 'ApiError';
  message: string;
  status: number;
  key: string;
  fieldErrors: { field: string; message: string }[];
}

export function isApiError(error: unknown): error is ApiErrorLike {
  return error instanceof Error && error.name === 'ApiError' && 'status' in error;
}

/** The exit code for any error: ours carry one; server answers 401 and 403 are auth; the rest are errors. */
export function exitCodeOf(error: unknown): ExitCode {
  if (error instanceof CliError) return error.exitCode;
  if (isApiError(error)) return error.status === 401 || error.status === 403 ? EXIT.auth : EXIT.error;
  if (error instanceof Error && error.name === 'ExitPromptError') return EXIT.interrupt;
  if (error instanceof Error && error.name === 'AbortPromptError') return EXIT.interrupt;
  return EXIT.error;
}

/** The lines to print for an error: the message (already localised by the server or our catalogue), then details. */
export function describeError(error: unknown): string[] {
  if (error instanceof CliError) return [error.message, ...error.details.map((d) => `  ${d}`)];
  if (isApiError(error)) {
    // The server's message often lists the field problems already; show them apart only when it does not.
    const extra = (error.fieldErrors ?? []).map((fe) => fe.message).filter((m) => !error.message.includes(m));
    return [error.message, ...extra.map((m) => `  ${m}`)];
  }
  if (error instanceof Error) return [error.message];
  return [String(error)];
}

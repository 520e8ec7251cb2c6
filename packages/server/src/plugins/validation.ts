import { checkSchema, parseQuery } from '@liftcloud/client';
import type { FastifyInstance, FastifySchema } from 'fastify';
import type { TSchema } from 'typebox';
import { ValidationError } from '../http/errors.js';

/**
 * The server validates with the client package's own checker, so a console form, a CLI import and the
 * API accept and refuse exactly the same values with the same messages. Query strings and path
 * parameters arrive as text and are converted first; bodies are checked as sent.
 */
export function useClientValidation(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const s = schema as TSchema;
    if (httpPart === 'body') {
      return (data: unknown) => {
        const issues = checkSchema(s, data);
        return issues.length ? { error: new ValidationError(issues, s) } : { value: data };
      };
    }
    return (data: unknown) => {
      const { value, issues } = parseQuery(s, (data ?? {}) as Record<string, unknown>);
      return issues.length ? { error: new ValidationError(issues, s) } : { value };
    };
  });
}

export type { FastifySchema };

import { issueMessage, translate, type FieldError, type Issue } from '@liftcloud/client';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TSchema } from 'typebox';
import { HttpError, ValidationError } from '../http/errors.js';
import { ImportFileError } from '../services/xlsx/errors.js';
import { importMessage } from '../services/xlsx/messages.js';

function send(reply: FastifyReply, status: number, message: string, key: string, errors?: FieldError[]) {
  return reply.status(status).send({ code: status, message, data: { key, ...(errors ? { errors } : {}) } });
}

/** Fastify's own errors, mapped onto catalogue keys. */
const FASTIFY_ERRORS: Record<string, [number, Parameters<typeof translate>[1]]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'error.malformedJson'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'validation.body'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'error.unsupportedMediaType'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'error.malformedJson'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'error.payloadTooLarge'],
};

export function validationAnswer(req: FastifyRequest, issues: Issue[], schema: TSchema | undefined) {
  const errors = issues.map((issue) => ({
    field: issue.field,
    rule: issue.rule,
    message: schema
      ? issueMessage(schema, issue, req.lang)
      : translate(req.lang, issue.rule, { field: issue.field, ...issue.params }),
  }));
  return { message: errors.map((e) => e.message).join('; '), errors };
}

/** Every error leaves as an envelope whose message is in the request's language (console-shell.md §8). */
export function installErrorHandler(app: FastifyInstance, opts: { spaIndex?: boolean } = {}): void {
  app.setErrorHandler((error: FastifyError | HttpError | ValidationError | ImportFileError, req, reply) => {
    // an import refused before its handler ran (a declared body past its limit), as its handler refuses files
    if (error instanceof ImportFileError)
      return reply.status(error.status).send({
        code: error.status,
        message: importMessage(req.lang, error.key, error.params),
        data: { key: `import.${error.key}`, ...error.params },
      });
    if (error instanceof ValidationError) {
      const { message, errors } = validationAnswer(req, error.issues, error.schema);
      return send(reply, error.status, message, 'validation.failed', errors);
    }
    if (error instanceof HttpError) {
      // a refusal that says how long to wait says it to programs too
      if (error.statusCode === 429 && typeof error.params.seconds === 'number')
        reply.header('retry-after', String(error.params.seconds));
      return send(reply, error.statusCode, translate(req.lang, error.key, error.params), error.key);
    }
    const code = (error as FastifyError).code;
    const known = code ? FASTIFY_ERRORS[code] : undefined;
    if (known) return send(reply, known[0], translate(req.lang, known[1]), known[1]);
    if ((error as FastifyError).statusCode === 429)
      return send(reply, 429, translate(req.lang, 'error.tooManyRequests'), 'error.tooManyRequests');
    if (error instanceof SyntaxError)
      return send(reply, 400, translate(req.lang, 'error.malformedJson'), 'error.malformedJson');
    const status = (error as FastifyError).statusCode ?? 500;
    if (status >= 500) req.log.error({ err: error }, 'request failed');
    const key = status >= 500 ? 'error.internal' : 'error.requestError';
    return send(reply, status, translate(req.lang, key), key);
  });

  app.setNotFoundHandler((req, reply) => {
    // The console routes in the browser: any other GET outside /api gets its index page.
    if (opts.spaIndex && req.method === 'GET' && !req.url.startsWith('/api')) return reply.sendFile('index.html');
    return send(
      reply,
      404,
      translate(req.lang, 'error.routeNotFound', { method: req.method, url: req.url.split('?')[0] ?? '' }),
      'error.routeNotFound',
    );
  });
}

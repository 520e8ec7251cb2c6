import { DEFAULT_TIME_ZONE, isTimeZone, resolveLanguage, translate, type Language } from '@liftcloud/client';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    /** The Accept-Language of the request: every message answered is in it. */
    lang: Language;
    /** The caller's IANA time zone (X-Time-Zone), for date filters and formatted dates. */
    timeZone: string;
  }
}

export const requestContext = fp(async (app: FastifyInstance) => {
  app.decorateRequest('lang', 'zh-CN');
  app.decorateRequest('timeZone', DEFAULT_TIME_ZONE);
  app.addHook('onRequest', async (req) => {
    req.lang = resolveLanguage(req.headers['accept-language']);
    const tz = req.headers['x-time-zone'];
    req.timeZone = typeof tz === 'string' && isTimeZone(tz) ? tz : DEFAULT_TIME_ZONE;
  });
  // A success whose route gave no message of its own still answers in the caller's language.
  app.addHook('preSerialization', async (req, _reply, payload) => {
    const p = payload as { code?: unknown; message?: unknown } | null;
    if (p && typeof p === 'object' && p.code === 200 && p.message === 'ok')
      return { ...p, message: translate(req.lang, 'outcome.done') };
    return payload;
  });
});

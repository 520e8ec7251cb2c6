import type { FastifyServerOptions } from 'fastify';

/**
 * Secrets that may travel in a URL (the live channel's ?token=, a shared work-order link's ?sig=, a third-party
 * login's credentials).
 */
export function redactUrl(url: string): string {
  return url
    .replace(/([?&](?:token|password|secret|sig)=)[^&]*/gi, '$1[redacted]')
    .replace(/^\/thirdLogin\/[^/?]*/i, '/thirdLogin/[redacted]');
}

/** Logger options: the request line without secrets, and no authorization header ever. */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
    serializers: {
      req(req: { method: string; url: string; hostname?: string; ip?: string }) {
        return { method: req.method, url: redactUrl(req.url), host: req.hostname, remoteAddress: req.ip };
      },
    },
  };
}

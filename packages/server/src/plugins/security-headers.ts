import helmet from 'helmet';
import { tileOrigins, type MapTileSource } from '@liftcloud/client';
import type { FastifyInstance } from 'fastify';

/**
 * The content security policy the console and the API reference (/api/docs, swagger-ui) load under
 * (tests/web/security-headers.test.ts opens the login page, home with its live channel, the GIS map and
 * /api/docs in Chromium and expects no violation). Scripts only from this origin; styles also inline, because antd writes its CSS-in-JS into
 * <style> elements at run time and swagger-ui sets style attributes; images from this origin, data: (the
 * captcha is a data: SVG) and blob: (a maintenance order's photos and signatures, downloaded with the session's
 * token); audio and video from this origin and blob: (its recordings); frames from this origin and blob: (the /pdf page's PDF); the live channel and the API
 * are this origin ('self' covers ws:/wss: of the same host in CSP 3). A configured map tile source adds its tile
 * origins, and only those, to img-src.
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  // a record's photos and drawn signatures are fetched with the session's token and shown as blob: URLs
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  // a maintenance order's recordings, played from the blob: URL of their authenticated download
  mediaSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  // the public /pdf page shows the report it downloaded in an iframe, as a blob: URL its own script made
  frameSrc: ["'self'", 'blob:'],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  // helmet's default would upgrade every request of a plain-HTTP deployment (a LAN address) to https
  upgradeInsecureRequests: null,
};

/**
 * Security headers on every answer (helmet: CSP, nosniff, frame protection, referrer policy, cross-origin
 * isolation of the opener), and `Cache-Control: no-store` on every API answer, so a login answer, a new
 * access token, a gateway secret or a one-time password never lands in a browser or proxy cache. The
 * reference page's static files are the exception: they hold no secret.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  opts: { mapTiles?: MapTileSource } = {},
): Promise<void> {
  const imgSrc = [...CONTENT_SECURITY_POLICY.imgSrc, ...(opts.mapTiles ? tileOrigins(opts.mapTiles) : [])];
  // helmet's middleware, made once: @fastify/helmet made it anew for every request (parsing the options and
  // writing the policy each time, 3% of a list request's CPU in B2's profile)
  const setHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: { ...CONTENT_SECURITY_POLICY, imgSrc } },
    referrerPolicy: { policy: 'no-referrer' },
    frameguard: { action: 'deny' },
  });
  app.addHook('onRequest', (req, reply, done) => {
    setHeaders(req.raw, reply.raw, (err) => done(err instanceof Error ? err : undefined));
  });
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.url.startsWith('/api/') && !req.url.startsWith('/api/docs/static/'))
      reply.header('cache-control', 'no-store');
    return payload;
  });
}

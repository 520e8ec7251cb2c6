import type { FastifyStaticOptions } from '@fastify/static';

/** The build's own files, whose names carry a hash of their content: one name never holds other bytes. */
const HASHED = /[\\/]assets[\\/]/;

/**
 * How the console's files go out: each text file's Brotli or gzip copy made at build time (packages/web
 * precompress.ts) to a browser that accepts it, the file itself otherwise; hashed files kept by the browser for
 * a year without asking again, the rest (index.html, the map's outline) checked at each use against its ETag.
 * Before, a cold list screen downloaded 1.2 MB of uncompressed JavaScript, and every reload asked again for each
 * of its hundred chunks.
 */
export const CONSOLE_FILES = {
  preCompressed: true,
  cacheControl: false,
  setHeaders(res, path) {
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('Cache-Control', HASHED.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
  },
} satisfies Partial<FastifyStaticOptions>;

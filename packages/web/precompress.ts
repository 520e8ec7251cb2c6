import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

/** The console's text files, the only ones that shrink (images and fonts are compressed already). */
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|webmanifest)$/;
/** Below this a compressed copy saves less than its own response headers. */
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (COMPRESSIBLE.test(entry.name)) yield path;
  }
}

/**
 * Writes a Brotli (`.br`) and a gzip (`.gz`) copy beside each text file of the build, at the best compression
 * each offers: the server sends them as they are (@fastify/static `preCompressed`) to a browser that accepts
 * them, with no compression at run time. Without them the console went out uncompressed, 1.2 MB of JavaScript
 * for a cold list screen instead of about 0.35 MB (docs/console-chunks.md).
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'liftcloud-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const work: Promise<void>[] = [];
      for await (const path of files(outDir)) {
        if ((await stat(path)).size < MIN_BYTES) continue;
        work.push(
          readFile(path).then(async (bytes) => {
            const [br, gz] = await Promise.all([
              brotli(bytes, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
                },
              }),
              gzipAsync(bytes, { level: constants.Z_BEST_COMPRESSION }),
            ]);
            await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
          }),
        );
      }
      await Promise.all(work);
    },
  };
}

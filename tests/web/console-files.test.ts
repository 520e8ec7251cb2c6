import { readdirSync, readFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BROWSER_TEST_TIMEOUT,
  chromiumMissing,
  listState,
  startConsole,
  WEB_DIST,
  type ConsoleFixture,
} from './support/consoleFixture.js';
import { encodedGet as raw } from '../support/encoded-get.js';

describe.skipIf(chromiumMissing && !!process.env.LIFTCLOUD_SKIP_BROWSER)(
  "the console's files: compressed at build time, hashed ones kept a year",
  { timeout: BROWSER_TEST_TIMEOUT },
  () => {
    let fx: ConsoleFixture;
    beforeAll(async () => {
      fx = await startConsole();
    });
    afterAll(async () => fx?.close());

    it('sends a chunk as Brotli, gzip or as it is, by what the browser accepts, each the same bytes', async () => {
      const largest = readdirSync(`${WEB_DIST}/assets`)
        .filter((f) => f.endsWith('.js'))
        .map((f) => ({ f, size: readFileSync(`${WEB_DIST}/assets/${f}`).length }))
        .sort((a, b) => b.size - a.size)[0]!;
      const file = readFileSync(`${WEB_DIST}/assets/${largest.f}`);
      const url = `${fx.base}/assets/${largest.f}`;

      const br = await raw(url, 'gzip, deflate, br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.body.length).toBeLessThan(file.length / 2);
      expect(brotliDecompressSync(br.body).equals(file)).toBe(true);
      const gz = await raw(url, 'gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.body).equals(file)).toBe(true);
      const plain = await raw(url);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.equals(file)).toBe(true);

      for (const answer of [br, gz, plain]) {
        expect(answer.status).toBe(200);
        expect(answer.headers['content-type']).toMatch(/javascript/);
        expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(answer.headers.vary).toBe('Accept-Encoding');
      }
    });

    it('asks the browser to check the page itself at each use, at / and at a console address', async () => {
      for (const path of ['/', '/user']) {
        const page = await raw(`${fx.base}${path}`, 'br');
        expect(page.status).toBe(200);
        expect(page.headers['cache-control']).toBe('no-cache');
        expect(page.headers['content-type']).toMatch(/text\/html/);
        const html = page.headers['content-encoding'] === 'br' ? brotliDecompressSync(page.body) : page.body;
        expect(html.toString()).toBe(readFileSync(`${WEB_DIST}/index.html`, 'utf8'));
      }
    });

    it('loads the console in Chromium from the compressed chunks', async () => {
      const { page, context, errors } = await fx.openAs('admin', { language: 'en-US', path: '/user' });
      const encodings = new Set<string>();
      page.on('response', (r) => {
        if (r.url().includes('/assets/') && r.url().endsWith('.js'))
          encodings.add(r.headers()['content-encoding'] ?? '');
      });
      await page.goto(`${fx.base}/role`);
      await listState(page, 'list-role');
      expect(encodings.has('br')).toBe(true);
      expect(errors).toEqual([]);
      await context.close();
    });
  },
);

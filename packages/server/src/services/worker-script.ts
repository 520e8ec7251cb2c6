import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const devBundles = new Map<string, Promise<string>>();

/**
 * The script of a worker thread whose entry is `name`.ts beside the module at `here`: the compiled `name`.js in a
 * build; running from TypeScript source (tests, `tsx` scripts), that entry bundled once per process with esbuild
 * (a development tool, loaded only on this path) so the worker starts as plain JavaScript (as the xlsx worker).
 */
export async function workerScript(here: string, name: string): Promise<URL> {
  if (here.endsWith('.js')) return new URL(`./${name}.js`, here);
  const entry = fileURLToPath(new URL(`./${name}.ts`, here));
  let bundle = devBundles.get(entry);
  if (!bundle) {
    bundle = (async () => {
      const esbuild = (await import('esbuild')) as typeof import('esbuild');
      const outfile = join(tmpdir(), `liftcloud-${name}-${process.pid}-${Date.now()}.mjs`);
      await esbuild.build({
        entryPoints: [entry],
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        conditions: ['source'],
        outfile,
        logLevel: 'silent',
        banner: {
          js: "import { createRequire as __lcRequire } from 'node:module'; const require = __lcRequire(import.meta.url);",
        },
      });
      process.once('exit', () => rmSync(outfile, { force: true }));
      return outfile;
    })();
    devBundles.set(entry, bundle);
  }
  return pathToFileURL(await bundle);
}

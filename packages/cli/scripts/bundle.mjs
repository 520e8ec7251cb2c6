// Bundles liftctl's compiled modules (dist/, from tsc) into bundle/: our code, the client and simulator
// packages and TypeBox in a few chunks instead of about 850 files. Loading that many small ES
// modules was most of a server call's start (B7); the code run is the same. Dynamic imports stay chunks
// of their own, so `--help` still loads no command module. Every other package (commander, and what only
// some commands use: Ink, React, serialport, conf, ...) stays external, loaded from node_modules as before.
// bundle/ sits beside dist/, so `new URL('../package.json', import.meta.url)` still finds our package.json.
// bin/liftctl.js runs the bundle only while it is newer than every tsc build it was made from.
//   node packages/cli/scripts/bundle.mjs    (run by `npm run build -w @liftcloud/cli`, prepare and start)
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const cli = fileURLToPath(new URL('..', import.meta.url));
/** `--outdir DIR` (a folder of packages/cli, for tests); bundle/ by default. */
const at = process.argv.indexOf('--outdir');
const outdir = at > 0 ? process.argv[at + 1] : `${cli}bundle`;
/** What goes into the bundle: the workspace packages and what the start path of every command needs. */
const BUNDLED = /^(@liftcloud\/(client|simulator)|typebox)(\/|$)/;

rmSync(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: cli,
  entryPoints: { main: 'dist/main.js' },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  chunkNames: 'chunk-[hash]',
  // whitespace and syntax only: names stay, so a stack trace still reads
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('node:') || !BUNDLED.test(args.path) ? { path: args.path, external: true } : undefined,
        );
        // The client package and TypeBox only define things (as in the console's Vite config): a module none of
        // whose exports is used can go.
        b.onResolve({ filter: /./ }, async (args) => {
          if (args.pluginData === 'resolved' || !/[\\/](client|typebox)[\\/]/.test(args.resolveDir)) return undefined;
          if (args.path.startsWith('node:')) return undefined;
          const result = await b.resolve(args.path, {
            kind: args.kind,
            resolveDir: args.resolveDir,
            pluginData: 'resolved',
          });
          if (result.errors.length > 0 || result.external) return undefined;
          return { ...result, sideEffects: false };
        });
      },
    },
  ],
});

// Bundles liftctl's compiled modules (dist/, from tsc) into bundle/: our code, the client and simulator
// packages and TypeBox in a few chunks instead of about 850 files. Loading that many small ES
// modules was most of a server call's start (B7); the code run is the same. Dynamic imports stay chunks
// of their own, so `--help` still loads no command module. Every other package (commander, and what only
// some commands use: Ink, React, serialport, conf, ...) stays external, loaded from node_modules as before.
// bundle/ sits beside dist/, so `new URL('../package.json', import.meta.url)` still finds our package.json.
// bin/liftctl.js runs the bundle only while it is newer than every tsc build it was made from.
//   node packages/cli/scripts/bundle.mjs    (run by `npm run build -w @liftcloud/cli`, prepare and start)
import { readFileSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const cli = fileURLToPath(new URL('..', import.meta.url));
/** `--outdir DIR` (a folder of packages/cli, for tests); bundle/ by default. */
const at = process.argv.indexOf('--outdir');
const outdir = at > 0 ? process.argv[at + 1] : `${cli}bundle`;
/** What goes into the bundle: the workspace packages and what the start path of every command needs. */
const BUNDLED = /^(@liftcloud\/(client|simulator)|typebox)(\/|$)/;

const clientIndex = createRequire(import.meta.url).resolve('@liftcloud/client');

/**
 * Where each name a client module exports is defined: `{ file, local }`, following the module's `export *` and
 * `export { … } from` lines (the index re-exports some folders' own index files).
 */
async function originsIn(file) {
  const origins = new Map();
  const text = readFileSync(file, 'utf8');
  for (const m of text.matchAll(/^export (\*|\{([^}]*)\}) from '([^']+)';$/gm)) {
    const inner = await originsIn(fileURLToPath(new URL(m[3], pathToFileURL(file))));
    if (m[1] === '*') {
      for (const [name, origin] of inner) if (!origins.has(name)) origins.set(name, origin);
      continue;
    }
    for (const spec of m[2].split(',').map((x) => x.trim())) {
      const [local, exported = local] = spec.split(/\s+as\s+/);
      const origin = inner.get(local);
      if (origin) origins.set(exported, origin);
    }
  }
  for (const name of Object.keys(await import(pathToFileURL(file).href)))
    if (!origins.has(name)) origins.set(name, { file, local: name });
  return origins;
}
// the index first: its modules import each other in cycles that only its order of evaluation resolves
await import(pathToFileURL(clientIndex).href);
const origins = await originsIn(clientIndex);

/**
 * `import { a, b } from '@liftcloud/client'` in our compiled modules, as imports of the client modules that
 * define a and b. esbuild splits chunks by which entry points reach a file, following every import of the
 * index (`export *` of all of it) whatever is used: through the index, an entity's list reached TypeBox and
 * every schema. Imports of the index (`import('@liftcloud/client')`) still bring all of it.
 */
function importsOfOrigins(text) {
  return text.replace(/^(import|export) \{([^}]*)\} from '@liftcloud\/client';$/gm, (whole, kind, list) => {
    const byFile = new Map();
    for (const spec of list
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean)) {
      const [name, alias] = spec.split(/\s+as\s+/);
      const origin = origins.get(name);
      if (!origin) return whole;
      const specs = byFile.get(origin.file) ?? [];
      specs.push(origin.local === (alias ?? name) ? origin.local : `${origin.local} as ${alias ?? name}`);
      byFile.set(origin.file, specs);
    }
    return [...byFile]
      .map(([file, specs]) => `${kind} { ${specs.join(', ')} } from ${JSON.stringify(file)};`)
      .join(' ');
  });
}

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
        b.onLoad({ filter: /[\\/]cli[\\/]dist[\\/].*\.js$/ }, async (args) => {
          const text = await readFile(args.path, 'utf8');
          if (!text.includes("from '@liftcloud/client';")) return undefined;
          return { contents: importsOfOrigins(text), loader: 'js', resolveDir: dirname(args.path) };
        });
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

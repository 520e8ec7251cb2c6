// Bundles liftctl's compiled modules (dist/, from tsc) into bundle/: our code, the client and simulator
// packages and TypeBox in a few chunks instead of about 850 files. Loading that many small ES
// modules was most of a server call's start (B7); the code run is the same. Dynamic imports stay chunks
// of their own, so `--help` still loads no command module. commander is bundled too (every start runs it;
// loaded as a package, it is seven CommonJS files behind the ES module loader's CommonJS translation). Every
// other package (what only some commands use: Ink, React, serialport, conf, ...) stays external, loaded from
// node_modules as before.
// bundle/ sits beside dist/, so `new URL('../package.json', import.meta.url)` still finds our package.json.
// bin/liftctl.js runs the bundle only while it is newer than every tsc build it was made from.
//   node packages/cli/scripts/bundle.mjs    (run by `npm run build -w @liftcloud/cli`, prepare and start)
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const cli = fileURLToPath(new URL('..', import.meta.url));
/** `--outdir DIR` (a folder of packages/cli, for tests); bundle/ by default. */
const at = process.argv.indexOf('--outdir');
const outdir = at > 0 ? process.argv[at + 1] : `${cli}bundle`;
/** What goes into the bundle: the workspace packages and what the start path of every command needs. */
const BUNDLED = /^(@liftcloud\/(client|simulator)|typebox|commander)(\/|$)/;

/**
 * commander is CommonJS: bundled, it stays a function run once on first use, in a chunk that is an ES module,
 * where there is no `require` for its `require('node:events')` and the like. Those take the builtin from
 * process.getBuiltinModule (Node 20.16+) instead. node:child_process (with net, dgram and streams behind it)
 * only runs a git-style executable subcommand, which liftctl has none of: it is loaded on first use.
 */
function builtinForRequire(id) {
  const builtin = `process.getBuiltinModule(${JSON.stringify(id)})`;
  if (id !== 'node:child_process') return `module.exports = ${builtin};`;
  return `module.exports = new Proxy({}, { get: (_, name) => ${builtin}[name] });`;
}

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

/**
 * The message catalogues as JSON, one file a language (bundle/catalogues/<language>.json): the bundle's
 * i18n/catalogues.js reads the one a start shows (JSON.parse is cheaper than compiling and running the three
 * catalogues' modules, and the other two are not read at all).
 */
async function writeCatalogues() {
  const { LANGUAGES } = await import(pathToFileURL(clientIndex).href);
  const { loadCatalogue } = await import(new URL('../dist/i18n/catalogues.js', import.meta.url).href);
  mkdirSync(`${outdir}/catalogues`, { recursive: true });
  for (const language of LANGUAGES) {
    const messages = loadCatalogue(language);
    for (const [key, text] of Object.entries(messages))
      if (typeof text !== 'string') throw new Error(`${language} catalogue: ${key} is not a string`);
    writeFileSync(`${outdir}/catalogues/${language}.json`, JSON.stringify(messages));
  }
}

/** What the bundle has in place of some compiled modules (the path under dist/ -> the module's text). */
const REPLACED = {
  // the language's catalogue from its JSON file (written above) instead of the three catalogues' modules
  'i18n/catalogues.js': `import { readFileSync } from 'node:fs';
export function loadCatalogue(language) {
  return JSON.parse(readFileSync(new URL(\`./catalogues/\${language}.json\`, import.meta.url), 'utf8'));
}`,
  // the client's language helpers bundled (dist/ finds and loads that one file of the client at run time)
  'client-light.js': `import * as languages from ${JSON.stringify(fileURLToPath(new URL('./i18n/languages.js', pathToFileURL(clientIndex))))};
export { languages };`,
};

rmSync(outdir, { recursive: true, force: true });
await writeCatalogues();
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
        b.onResolve({ filter: /^node:/ }, (args) =>
          args.kind === 'require-call' ? { path: args.path, namespace: 'builtin-for-require' } : undefined,
        );
        b.onLoad({ filter: /./, namespace: 'builtin-for-require' }, (args) => ({
          contents: builtinForRequire(args.path),
          loader: 'js',
        }));
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('node:') || !BUNDLED.test(args.path) ? { path: args.path, external: true } : undefined,
        );
        b.onLoad({ filter: /[\\/]cli[\\/]dist[\\/].*\.js$/ }, async (args) => {
          const replaced = REPLACED[relative(`${cli}dist`, args.path).split(sep).join('/')];
          if (replaced !== undefined) return { contents: replaced, loader: 'js', resolveDir: dirname(args.path) };
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

/**
 * What /login's chunks hold, module by module (docs/console-chunks.md): builds the console (into dist, with
 * the manifest measure-bundle.mjs reads) with a generateBundle hook that keeps Rolldown's `chunk.modules`,
 * then prints the modules of every chunk /login downloads, largest first, by rendered size (raw, before minifying).
 *   node packages/web/scripts/boot-modules.mjs [--top N] [--json file]
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = fileURLToPath(new URL('../', import.meta.url));
const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};

/** Chunk name → { imports, modules: { id: renderedLength } , facade } */
const chunks = new Map();
const dump = {
  name: 'liftcloud-module-dump',
  generateBundle(_options, bundle) {
    for (const out of Object.values(bundle)) {
      if (out.type !== 'chunk') continue;
      const modules = {};
      for (const [id, info] of Object.entries(out.modules)) modules[id] = info.renderedLength;
      chunks.set(out.fileName, {
        imports: out.imports,
        facade: out.facadeModuleId ?? '',
        isEntry: out.isEntry,
        modules,
      });
    }
  },
};

await build({ root, logLevel: 'warn', plugins: [dump] });

const byFacade = (suffix) => [...chunks].find(([, c]) => c.facade.endsWith(suffix))?.[0];
const closure = (file, seen = new Set()) => {
  if (!file || seen.has(file)) return seen;
  seen.add(file);
  for (const dep of chunks.get(file)?.imports ?? []) closure(dep, seen);
  return seen;
};
const login = new Set();
closure([...chunks].find(([, c]) => c.isEntry)?.[0], login);
for (const s of [
  'boot/startLogin.tsx',
  'client/src/i18n/zh-CN.ts',
  'i18n/catalogues/login/zh-CN.ts',
  'antd/es/locale/zh_CN.js',
])
  closure(byFacade(s), login);

const rows = [];
for (const file of login)
  for (const [id, bytes] of Object.entries(chunks.get(file).modules))
    rows.push({ file, id: id.replace(/^.*node_modules\//, 'nm:').replace(/^.*packages\//, ''), bytes });
rows.sort((a, b) => b.bytes - a.bytes);
const groups = new Map();
for (const r of rows) {
  const g = r.id.startsWith('nm:')
    ? r.id
        .split('/')
        .slice(0, r.id.startsWith('nm:@') ? 2 : 1)
        .join('/')
    : r.id.split('/').slice(0, 3).join('/');
  groups.set(g, (groups.get(g) ?? 0) + r.bytes);
}
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(`/login: ${login.size} chunks, ${kb(rows.reduce((s, r) => s + r.bytes, 0))} rendered`);
console.log('by package or folder:');
for (const [g, b] of [...groups].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(`  ${kb(b).padStart(10)}  ${g}`);
console.log('largest modules:');
for (const r of rows.slice(0, Number(arg('--top', 60))))
  console.log(`  ${kb(r.bytes).padStart(10)}  ${r.id}  [${r.file}]`);
const json = arg('--json');
if (json) writeFileSync(json, JSON.stringify(rows, null, 1));

/**
 * Bytes of JavaScript the console needs, from the build manifest (run after `npm run build -w @liftcloud/web`):
 *   node packages/web/scripts/measure-bundle.mjs [--json]
 * login: everything a page opened at /login downloads before it can be used (entry, its static imports, the
 * login shell it starts (boot/startLogin.tsx) with the login screen, and the zh-CN texts fetched at boot);
 * consoleAfterLogin: what the console proper (boot/start.tsx: router, route table, menu) adds, fetched while
 * the login page is idle; largestRoute: the heaviest route screen with its own static imports beyond the
 * console's boot (entry and boot/start.tsx, what any other address downloads first);
 * skeleton: B6's baseline, a bare antd login (scripts/skeleton) built in this run with the same Vite.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

const dist = new URL('../dist/', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('.vite/manifest.json', dist), 'utf8'));

/** The chunk files a manifest entry needs before it runs: itself and its static imports, recursively. */
function staticClosure(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const dep of chunk.imports ?? []) staticClosure(dep, seen);
  return seen;
}

function size(files) {
  let bytes = 0;
  let gzip = 0;
  for (const file of files) {
    const buf = readFileSync(new URL(file, dist));
    bytes += buf.length;
    gzip += gzipSync(buf, { level: 9 }).length;
  }
  return { files: files.size, bytes, gzip };
}

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const keyOf = (suffix) => Object.keys(manifest).find((k) => k.endsWith(suffix));
// the entry asks for the config and texts, then starts the console (boot/start.tsx): both are boot
const boot = staticClosure(keyOf('boot/start.tsx'), staticClosure(entryKey));
// and, at any address but /login, dayjs with its texts and the console's whole catalogue
staticClosure(keyOf('dayjs/locale/zh-cn.js'), boot);
staticClosure(keyOf('src/i18n/catalogues/zh-CN.ts'), boot);
// at /login the entry starts the login shell instead (boot/startLogin.tsx, the login page without the router)
const login = staticClosure(keyOf('boot/startLogin.tsx'), staticClosure(entryKey));
for (const extra of ['client/src/i18n/zh-CN.ts', 'i18n/catalogues/login/zh-CN.ts', 'antd/es/locale/zh_CN.js']) {
  const key = keyOf(extra);
  if (key) staticClosure(key, login);
}

const routes = Object.keys(manifest).filter(
  (k) => /src\/(pages|layout)\/.*\.tsx$/.test(k) && manifest[k].isDynamicEntry,
);
const routeSizes = routes.map((k) => {
  const own = staticClosure(k);
  for (const f of boot) own.delete(f);
  return { route: k.replace(/^.*src\//, ''), ...size(own) };
});
routeSizes.sort((a, b) => b.gzip - a.gzip);

/** The bare antd login built now into a temporary folder: all of its JavaScript. */
async function skeletonSize() {
  const outDir = mkdtempSync(join(tmpdir(), 'lc-skeleton-'));
  try {
    await build({
      root: fileURLToPath(new URL('./skeleton/', import.meta.url)),
      plugins: [react()],
      logLevel: 'silent',
      build: { outDir, emptyOutDir: true },
    });
    const assets = join(outDir, 'assets');
    const files = new Set(
      readdirSync(assets)
        .filter((f) => f.endsWith('.js'))
        .map((f) => `file://${join(assets, f)}`),
    );
    return size(files);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

const skeleton = await skeletonSize();
const afterLogin = new Set([...boot].filter((f) => !login.has(f)));
const report = {
  login: size(login),
  consoleAfterLogin: size(afterLogin),
  consoleBoot: size(boot),
  skeleton,
  loginVsSkeleton: Number((size(login).gzip / skeleton.gzip).toFixed(2)),
  largestRoute: routeSizes[0],
  routes: routeSizes,
};
if (process.argv.includes('--json')) console.log(JSON.stringify(report, null, 2));
else {
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  console.log(
    `login initial JS: ${kb(report.login.bytes)} (${kb(report.login.gzip)} gzip) in ${report.login.files} files`,
  );
  console.log(
    `bare antd login (same Vite, this run): ${kb(skeleton.bytes)} (${kb(skeleton.gzip)} gzip): /login is ${report.loginVsSkeleton}x`,
  );
  console.log(
    `console after login (fetched while /login is idle): +${kb(report.consoleAfterLogin.bytes)} (${kb(report.consoleAfterLogin.gzip)} gzip)`,
  );
  console.log(
    `console boot at any other address (entry, boot/start.tsx, texts): ${kb(report.consoleBoot.bytes)} (${kb(report.consoleBoot.gzip)} gzip)`,
  );
  for (const r of routeSizes.slice(0, 5))
    console.log(`  ${r.route}: +${kb(r.bytes)} (${kb(r.gzip)} gzip) beyond the boot chunks`);
}

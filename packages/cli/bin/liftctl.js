#!/usr/bin/env node
// Ink and chalk ignore NO_COLOR; FORCE_COLOR=0 turns them off before anything loads them.
if (process.env.NO_COLOR !== undefined && process.env.NO_COLOR !== '') process.env.FORCE_COLOR = '0';
const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  // The most common probe answers without loading the program (`liftctl -V` with more arguments goes through it).
  const { readFileSync } = await import('node:fs');
  process.stdout.write(`${JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version}\n`);
} else {
  const { statSync } = await import('node:fs');
  const mtime = (path) => statSync(new URL(path, import.meta.url), { throwIfNoEntry: false })?.mtimeMs ?? Infinity;
  // The bundle (scripts/bundle.mjs) loads in a few files what dist/ loads in about 850; it runs only while
  // it is newer than each tsc build it was made from (a tsc build rewrites its .tsbuildinfo), else dist/ does.
  const built = [
    '../tsconfig.tsbuildinfo',
    '../../client/tsconfig.tsbuildinfo',
    '../../simulator/tsconfig.tsbuildinfo',
  ];
  const bundle = mtime('../bundle/main.js');
  // no bundle yet (a checkout where only tsc ran): dist/ runs
  const bundled =
    process.env.LIFTCTL_UNBUNDLED !== '1' && bundle !== Infinity && built.every((p) => mtime(p) <= bundle);
  await import(bundled ? '../bundle/main.js' : '../dist/main.js');
}

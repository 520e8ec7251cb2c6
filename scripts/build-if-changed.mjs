#!/usr/bin/env node
/**
 * What `npm start` builds before it runs: the TypeScript packages (tsc -b) and the console (Vite), each
 * only when its inputs changed since its last successful build.
 *
 * Each step's inputs (sources, configs, the lockfile that pins every dependency) are hashed; after a
 * successful build the hash is stamped beside a hash of an output that identifies that build (the
 * console's index.html names every hashed chunk). A step whose inputs and output match its stamp is
 * skipped: the console's build takes 15 to 30 s on 2 cores, tsc's up-to-date check 2 to 5 s.
 *
 *   node scripts/build-if-changed.mjs          # build what changed
 *   node scripts/build-if-changed.mjs --force  # build everything
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
/** Outside every output (the server serves all of the console's dist/), where tools keep their caches. */
const stamps = join(root, 'node_modules/.cache/liftcloud-build');
const TS_PACKAGES = ['packages/client', 'packages/simulator', 'packages/server', 'packages/cli'];

const STEPS = [
  {
    name: 'packages',
    inputs: [
      'tsconfig.base.json',
      'package-lock.json',
      ...TS_PACKAGES.flatMap((p) => [`${p}/src`, `${p}/tsconfig.json`, `${p}/package.json`]),
    ],
    outputs: [
      ...TS_PACKAGES.map((p) => `${p}/dist/${p.endsWith('cli') || p.endsWith('server') ? 'main' : 'index'}.js`),
      'packages/cli/bundle/main.js',
    ],
    commands: [
      ['npx', ['tsc', '-b', ...TS_PACKAGES]],
      ['node', ['packages/cli/scripts/bundle.mjs']],
    ],
  },
  {
    name: 'console',
    inputs: [
      'package-lock.json',
      'packages/web/src',
      'packages/web/public',
      'packages/web/index.html',
      'packages/web/vite.config.ts',
      'packages/web/package.json',
      'packages/web/tsconfig.json',
      // the console bundles the client package from its sources
      'packages/client/src',
      'packages/client/package.json',
    ],
    outputs: ['packages/web/dist/index.html'],
    commands: [['npm', ['run', 'build', '-w', '@liftcloud/web']]],
  },
];

function* files(path) {
  if (!existsSync(path)) return;
  if (statSync(path).isDirectory()) {
    for (const name of readdirSync(path).sort()) yield* files(join(path, name));
  } else {
    yield path;
  }
}

/** One hash over every input file's path and content (paths too, so a rename is a change). */
function inputHash(inputs) {
  const hash = createHash('sha256');
  for (const input of inputs) {
    for (const file of files(join(root, input))) {
      hash.update(relative(root, file));
      hash.update('\0');
      hash.update(readFileSync(file));
      hash.update('\0');
    }
  }
  return hash.digest('hex');
}

/** A hash of the outputs that identify a build; null when one is missing. */
const outputHash = (outputs) => {
  const hash = createHash('sha256');
  for (const output of outputs) {
    const path = join(root, output);
    if (!existsSync(path)) return null;
    hash.update(readFileSync(path));
  }
  return hash.digest('hex');
};

function upToDate(step, inputs) {
  const stamp = join(stamps, `${step.name}.json`);
  if (!existsSync(stamp)) return false;
  try {
    const last = JSON.parse(readFileSync(stamp, 'utf8'));
    return last.inputs === inputs && last.output !== null && last.output === outputHash(step.outputs);
  } catch {
    return false;
  }
}

const force = process.argv.includes('--force');
for (const step of STEPS) {
  const inputs = inputHash(step.inputs);
  if (!force && upToDate(step, inputs)) {
    console.log(`${step.name}: up to date (inputs ${inputs.slice(0, 12)}), build skipped`);
    continue;
  }
  for (const [command, args] of step.commands) {
    const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
  mkdirSync(stamps, { recursive: true });
  writeFileSync(join(stamps, `${step.name}.json`), `${JSON.stringify({ inputs, output: outputHash(step.outputs) })}\n`);
}

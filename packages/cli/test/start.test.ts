import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLI_ROOT, ensureBuilt, runCli, tempConfigDir } from './helpers/cli.js';

/** A module hook that records every module URL the process resolves, to see what the start path loads. */
function moduleLogger(): { nodeArgs: string[]; loaded: () => string[] } {
  const dir = mkdtempSync(join(tmpdir(), 'liftctl-modules-'));
  const log = join(dir, 'modules.log');
  writeFileSync(log, '');
  const hooks = join(dir, 'hooks.mjs');
  writeFileSync(
    hooks,
    `import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  appendFileSync(${JSON.stringify(log)}, result.url + '\\n');
  return result;
}`,
  );
  const register = join(dir, 'register.mjs');
  writeFileSync(
    register,
    `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`,
  );
  return { nodeArgs: ['--import', pathToFileURL(register).href], loaded: () => readFileSync(log, 'utf8').split('\n') };
}

const HEAVY = [
  '/ink/',
  '/react/',
  '/serialport/',
  '/@serialport/',
  'read-excel-file',
  'write-excel-file',
  'exceljs',
  '/xlsx/',
  '/typebox/',
  '/conf/',
  // the simulator and its MQTT client come in only when `liftctl simulate` runs
  '/simulator/',
  '/mqtt/',
];

/**
 * The module checks read dist/ (one file per module, as tsc writes it): the bundle keeps each dynamic import a
 * chunk of its own, so what dist/ loads lazily the bundle loads lazily too, but its chunk names say nothing.
 */
const UNBUNDLED = { LIFTCTL_UNBUNDLED: '1' };

describe('start path', () => {
  beforeAll(ensureBuilt);

  it('a server call from the bundle loads a few chunks, not the client package and TypeBox file by file', async () => {
    // A bundle of the current dist/ in a folder of its own beside bundle/ (so its ../package.json is ours).
    const outdir = mkdtempSync(join(CLI_ROOT, '.bundle-test-'));
    try {
      const built = spawnSync(process.execPath, [join(CLI_ROOT, 'scripts', 'bundle.mjs'), '--outdir', outdir], {
        encoding: 'utf8',
      });
      expect(built.status, built.stderr).toBe(0);
      const env = { LIFTCTL_CONFIG_DIR: tempConfigDir() };
      const args = ['company', 'list', '-o', 'json', '--server', 'http://127.0.0.1:9'];
      const unbundled = await runCli(args, { env: { ...env, ...UNBUNDLED } });
      const logger = moduleLogger();
      const bundled = await runCli(args, { env, nodeArgs: [...logger.nodeArgs], main: join(outdir, 'main.js') });
      // the same command, the same answer (not logged in to that server)
      expect(bundled.code).toBe(unbundled.code);
      expect(bundled.code).not.toBe(0);
      expect(bundled.stderr).toBe(unbundled.stderr);
      const loaded = [...new Set(logger.loaded().filter((url) => url.startsWith('file:')))];
      expect(loaded.filter((url) => url.includes('/typebox/'))).toEqual([]);
      expect(loaded.filter((url) => url.includes('/client/dist/') && !url.endsWith('/i18n/languages.js'))).toEqual([]);
      expect(loaded.length).toBeLessThan(60);
      // nor inside the chunks: an entity's list starts from its generated shape, without TypeBox ('~kind' marks
      // its schemas) or the client's entity and operation definitions
      const chunks = loaded.filter((url) => url.startsWith(pathToFileURL(outdir).href));
      expect(chunks.length).toBeGreaterThan(3);
      for (const url of chunks) {
        const text = readFileSync(new URL(url), 'utf8');
        for (const heavy of ["'~kind'", '"~kind"', 'function defineEntity(', 'function defineOperation('])
          expect(text.includes(heavy), `${url} holds ${heavy}`).toBe(false);
      }
    } finally {
      rmSync(outdir, { recursive: true, force: true });
    }
  });

  it('--version prints the version and loads no heavy module', async () => {
    const logger = moduleLogger();
    const result = await runCli(['--version'], { nodeArgs: logger.nodeArgs, env: UNBUNDLED });
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    const loaded = logger.loaded();
    expect(loaded.some((url) => url.endsWith('/bin/liftctl.js'))).toBe(true);
    for (const heavy of HEAVY) expect(loaded.filter((url) => url.includes(heavy))).toEqual([]);
  });

  it('--version among other flags goes through commander, still without heavy modules', async () => {
    const logger = moduleLogger();
    const result = await runCli(['--debug', '--version'], { nodeArgs: logger.nodeArgs, env: UNBUNDLED });
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    const loaded = logger.loaded();
    expect(loaded.some((url) => url.includes('/commander/'))).toBe(true);
    for (const heavy of HEAVY) expect(loaded.filter((url) => url.includes(heavy))).toEqual([]);
  });

  it('--help lists every entity command without loading the client or any heavy module', async () => {
    const logger = moduleLogger();
    const result = await runCli(['--help'], {
      nodeArgs: logger.nodeArgs,
      env: { ...UNBUNDLED, LIFTCTL_CONFIG_DIR: tempConfigDir() },
    });
    expect(result.code).toBe(0);
    for (const name of ['login', 'profile', 'company', 'use-unit', 'quality-body', 'access-token', 'ui-setting'])
      expect(result.stdout).toMatch(new RegExp(`^  ${name} `, 'm'));
    const loaded = logger.loaded();
    for (const heavy of HEAVY) expect(loaded.filter((url) => url.includes(heavy))).toEqual([]);
    expect(loaded.filter((url) => url.endsWith('/client/dist/index.js'))).toEqual([]);
  });

  it('the live commands load Ink, React, serialport, ws and the simulator only when they run, not for their help', async () => {
    for (const args of [
      ['dashboard', '--help'],
      ['light', 'follow', '--help'],
      ['alarms', 'tail', '--help'],
      ['simulate', '--help'],
    ]) {
      const logger = moduleLogger();
      const result = await runCli(args, {
        nodeArgs: logger.nodeArgs,
        env: { ...UNBUNDLED, LIFTCTL_CONFIG_DIR: tempConfigDir() },
      });
      expect(result.code, args.join(' ')).toBe(0);
      const loaded = logger.loaded();
      for (const heavy of ['/ink/', '/react/', '/serialport/', '/@serialport/', '/simulator/', '/mqtt/'])
        expect(
          loaded.filter((url) => url.includes(heavy)),
          args.join(' '),
        ).toEqual([]);
    }
  });

  it('help texts follow LANG', async () => {
    const zh = await runCli(['--help'], { env: { LANG: 'zh_CN.UTF-8', LIFTCTL_CONFIG_DIR: tempConfigDir() } });
    expect(zh.stdout).toContain('记录（每个都有');
    expect(zh.stdout).toMatch(/^ {2}company +企业$/m);
    const it = await runCli(['--help'], { env: { LANG: 'it_IT.UTF-8', LIFTCTL_CONFIG_DIR: tempConfigDir() } });
    expect(it.stdout).toContain('Record (ognuno');
    expect(it.stdout).toMatch(/^ {2}company +Azienda$/m);
    // the bundle reads the language's catalogue from bundle/catalogues/<language>.json; dist/ has all three as
    // modules: the same text from each
    for (const [LANG, bundled] of [
      ['zh_CN.UTF-8', zh],
      ['it_IT.UTF-8', it],
    ] as const) {
      const unbundled = await runCli(['--help'], { env: { ...UNBUNDLED, LANG, LIFTCTL_CONFIG_DIR: tempConfigDir() } });
      expect(bundled.stdout, LANG).toBe(unbundled.stdout);
    }
  });

  it('an unknown command or flag is a usage error (exit 2)', async () => {
    const env = { LIFTCTL_CONFIG_DIR: tempConfigDir() };
    expect((await runCli(['frobnicate'], { env })).code).toBe(2);
    const flag = await runCli(['company', 'list', '--bogus'], { env });
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain("unknown option '--bogus'");
    expect(flag.stdout).toBe('');
    const zh = await runCli(['compny'], { env: { ...env, LANG: 'zh_CN.UTF-8' } });
    expect(zh.code).toBe(2);
    expect(zh.stderr).toBe("错误：未知命令 'compny'\n（您是否要输入 company？）\n");
  });

  it('help exit-codes lists every documented code', async () => {
    const result = await runCli(['help', 'exit-codes']);
    expect(result.code).toBe(0);
    for (const code of ['0', '1', '2', '3', '4', '5', '130'])
      expect(result.stdout).toMatch(new RegExp(`^\\s*${code}  `, 'm'));
  });
});

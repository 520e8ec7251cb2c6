import { spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CredentialsFile } from '../src/config/credentials.js';
import { BIN, ensureBuilt, runCli, tempConfigDir } from './helpers/cli.js';

/** A config directory with a stored login for `server`, so commands get as far as the request. */
function configWithLogin(server: string): string {
  const dir = tempConfigDir();
  writeFileSync(join(dir, 'config.json'), JSON.stringify({ current: 'default', profiles: { default: { server } } }));
  const session = {
    token: 'not-a-real-token',
    username: 'admin',
    auth: '1',
    userType: 1,
    orgId: 2,
    tenantAdmin: true,
    imUsername: '',
    imPassword: '',
    uiSetting: { systemName: '', faviconIcon: null, logoLarge: null, logoSmall: null },
    platform: 'web',
    captchaShown: false,
    mustChangePassword: false,
  };
  new CredentialsFile(join(dir, 'credentials.json')).put('default', { server, session });
  return dir;
}

describe('terminal behaviour', () => {
  let silent: Server;
  let silentUrl = '';
  const sockets: Socket[] = [];
  beforeAll(async () => {
    ensureBuilt();
    // Accepts connections and never answers: a request that hangs until interrupted.
    silent = createServer((socket) => {
      sockets.push(socket);
      silent.emit('request-hanging');
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    silentUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });

  it('Ctrl-C (SIGINT) during a call exits 130', async () => {
    const env = { PATH: process.env.PATH, LANG: 'en_US.UTF-8', LIFTCTL_CONFIG_DIR: configWithLogin(silentUrl) };
    const child = spawn(process.execPath, [BIN, 'company', 'list'], { env });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    // Interrupt once the request is on the wire: the command is then certainly running.
    await new Promise((resolve) => silent.once('request-hanging', resolve));
    child.kill('SIGINT');
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(code).toBe(130);
    expect(stderr).toContain('Interrupted');
  });

  it('a refused connection is retried for a GET, then reported as exit 1', async () => {
    const dir = configWithLogin('http://127.0.0.1:9');
    const result = await runCli(['company', 'list'], { env: { LIFTCTL_CONFIG_DIR: dir } });
    expect(result.code).toBe(1);
    expect(result.stderr.match(/Retrying GET/g)).toHaveLength(3);
    expect(result.stderr).toContain('Connection to server failed');
  });

  it('colour only when forced, and NO_COLOR wins over FORCE_COLOR', async () => {
    const dir = tempConfigDir();
    writeFileSync(
      join(dir, 'config.json'),
      JSON.stringify({ current: 'a', profiles: { a: { server: 'http://x.local' }, b: {} } }),
    );
    const plain = await runCli(['profile', 'list'], { env: { LIFTCTL_CONFIG_DIR: dir } });
    expect(plain.stdout).not.toContain('\u001b[');
    expect(plain.stdout).toMatch(/^CURRENT\s+NAME\s+SERVER/);
    const forced = await runCli(['profile', 'list'], { env: { LIFTCTL_CONFIG_DIR: dir, FORCE_COLOR: '1' } });
    expect(forced.stdout).toContain('\u001b[1m');
    const noColor = await runCli(['profile', 'list'], {
      env: { LIFTCTL_CONFIG_DIR: dir, FORCE_COLOR: '1', NO_COLOR: '1' },
    });
    expect(noColor.stdout).not.toContain('\u001b[');
  });

  it('help for one command loads that command', async () => {
    const result = await runCli(['help', 'company'], { env: { LIFTCTL_CONFIG_DIR: tempConfigDir() } });
    expect(result.code).toBe(0);
    for (const sub of ['list', 'get', 'create', 'update', 'delete', 'export'])
      expect(result.stdout).toMatch(new RegExp(`\\b${sub}\\b`));
  });

  it('bash completion completes commands, subcommands and filter flags', async () => {
    const script = (await runCli(['completion', 'bash'])).stdout;
    expect(script).toContain('complete -F _liftctl liftctl');
    const complete = (line: string) => {
      const words = line.split(' ');
      const program = `${script}
COMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${words.length - 1}; _liftctl; printf '%s\\n' "\${COMPREPLY[@]}"`;
      // on stdin: the script is larger than one argument may be (128 KiB)
      return spawnSync('bash', [], { input: program, encoding: 'utf8' }).stdout.trim().split('\n');
    };
    expect(complete('liftctl comp')).toEqual(['completion', 'company']);
    expect(complete('liftctl company ')).toEqual(expect.arrayContaining(['list', 'get', 'export']));
    expect(complete('liftctl company list --pa')).toEqual(['--parent-id', '--page-no', '--page-size']);
    expect(complete('liftctl -o json use-unit l')).toEqual(['list']);
    // values: output formats, enum codes of a filter, alarms tail's frame types, import kinds, shells
    expect(complete('liftctl -o j')).toEqual(['json', 'jsonl']);
    expect(complete('liftctl company list --output y')).toEqual(['yaml']);
    expect(complete('liftctl elevator list --elevator-type ')).toEqual(expect.arrayContaining(['1', '2']));
    expect(complete('liftctl alarms tail --type wo')).toEqual(['workOrder']);
    expect(complete('liftctl alarms tail --type ')).toEqual(expect.arrayContaining(['alarm', 'status', 'all']));
    expect(complete('liftctl import el')).toEqual(['elevator']);
    expect(complete('liftctl import template gate')).toEqual(['gateway-device']);
    expect(complete('liftctl completion f')).toEqual(['fish']);
    expect(complete('liftctl company list --page-size 5')).toEqual(['50']);
    expect((await runCli(['completion', 'zsh'])).stdout).toContain('bashcompinit');
    const fish = (await runCli(['completion', 'fish'])).stdout;
    expect(fish).toContain('complete -c liftctl');
    expect(fish).toMatch(/-l output -x -a 'table wide json jsonl csv yaml'/);
    expect(fish).toContain("-l profile -x -a '(liftctl completion __profiles 2>/dev/null)'");
    expect((await runCli(['completion', 'tcsh'])).code).toBe(2);
  });

  it('completion offers the profile names of the settings file, read when the shell asks', async () => {
    const dir = tempConfigDir();
    const env = { LIFTCTL_CONFIG_DIR: dir };
    for (const name of ['prod', 'staging'])
      expect((await runCli(['profile', 'set', name, '--server', 'https://lift.example.com'], { env })).code).toBe(0);
    const script = (await runCli(['completion', 'bash'])).stdout;
    const program = `${script}
liftctl() { node ${JSON.stringify(BIN)} "$@"; }
COMP_WORDS=(liftctl --profile st); COMP_CWORD=2; _liftctl; printf '%s\\n' "\${COMPREPLY[@]}"`;
    const out = spawnSync('bash', [], {
      input: program,
      encoding: 'utf8',
      env: { ...process.env, LIFTCTL_CONFIG_DIR: dir },
    });
    expect(out.stdout.trim().split('\n')).toEqual(['staging']);
    expect((await runCli(['completion', '__profiles'], { env })).stdout).toBe('prod\nstaging\n');
  });
});

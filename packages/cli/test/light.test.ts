import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createReadStream, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LiftCloudClient } from '@liftcloud/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../tests/support/server.js';
import { LIGHT_COMMANDS } from '../src/light/device.js';
import { ensureBuilt, runCli, startCli, tempConfigDir } from './helpers/cli.js';
import { connectGateway, provision, publish, waitFor } from './helpers/live-server.js';

const hasSocat = spawnSync('socat', ['-V']).status === 0;

/** Two linked pseudo-terminals: liftctl opens one like a serial device, the test reads the other. */
async function ptyPair(
  link?: string,
): Promise<{ device: string; peer: string; bytes: () => Buffer; close: () => Promise<void> }> {
  // with a link, the device side keeps one path across socat restarts, as a USB device's by-id path does
  const first = link ? `pty,raw,echo=0,link=${link}` : 'pty,raw,echo=0';
  const socat: ChildProcess = spawn('socat', ['-d', '-d', first, 'pty,raw,echo=0']);
  const gone = new Promise<void>((resolve) => socat.once('exit', () => resolve()));
  let log = '';
  socat.stderr!.on('data', (d: Buffer) => (log += d.toString()));
  await waitFor(
    () => (log.match(/PTY is (\S+)/g) ?? []).length === 2 && log.includes('starting data transfer'),
    5000,
    'socat',
  );
  const [opened, peer] = [...log.matchAll(/PTY is (\S+)/g)].map((m) => m[1]!);
  const device = link ?? opened;
  const chunks: Buffer[] = [];
  const reader = createReadStream(peer!);
  reader.on('data', (d) => chunks.push(Buffer.from(d)));
  reader.on('error', () => undefined);
  return {
    device: device!,
    peer: peer!,
    bytes: () => Buffer.concat(chunks),
    close: async () => {
      reader.destroy();
      socat.kill();
      await gone;
    },
  };
}

describe.skipIf(!hasSocat)('light over a real pseudo-terminal pair (socat)', () => {
  let s: TestServer;
  let superToken: string;
  let adminToken: string;
  let admin: LiftCloudClient;

  beforeAll(async () => {
    ensureBuilt();
    s = await startTestServer();
    admin = await s.login('admin');
    adminToken = (await admin.tokens.create('light-admin')).token;
    superToken = (await (await s.login('superAdmin')).tokens.create('light-super')).token;
  });
  afterAll(async () => s?.close());

  const env = (token: string) => ({
    LIFTCTL_CONFIG_DIR: tempConfigDir(),
    LIFTCTL_SERVER: s.baseUrl,
    LIFTCTL_TOKEN: token,
  });

  it('on and off write the light commands at 9600 8N1; organisation 2 is refused', { timeout: 60_000 }, async () => {
    const pty = await ptyPair();
    try {
      const on = await runCli(['light', 'on', '--port', pty.device, '--hold'], { env: env(superToken) });
      expect(on.code, on.stderr).toBe(0);
      const off = await runCli(['light', 'off', '--port', pty.device], { env: env(superToken) });
      expect(off.code, off.stderr).toBe(0);
      await waitFor(() => pty.bytes().length >= 8, 5000, 'the bytes');
      expect(pty.bytes()).toEqual(Buffer.concat([LIGHT_COMMANDS.on, LIGHT_COMMANDS.off]));
      expect(spawnSync('stty', ['-F', pty.device, '-a']).stdout.toString()).toContain('speed 9600 baud');

      const refused = await runCli(['light', 'on', '--port', pty.device], { env: env(adminToken) });
      expect(refused.code).toBe(3);
      expect(refused.stderr).toContain('only for organisations 3034, 0');
      const noPort = await runCli(['light', 'on'], { env: env(superToken) });
      expect(noPort.code).toBe(2);
    } finally {
      await pty.close();
    }
  });

  it('follow turns the light on for a published alarm and off after --off-after', { timeout: 60_000 }, async () => {
    const pty = await ptyPair();
    const gw = await provision(s, admin, '86100000041');
    const device = await connectGateway(s.mqttUrl, gw);
    const follow = startCli(['light', 'follow', '--port', pty.device, '--off-after', '1'], env(superToken));
    try {
      await waitFor(() => follow.out.stderr.includes('Light found'), 10_000, 'the light to be found');
      await waitFor(() => s.app.monitoring.hub.clients() > 0, 10_000, 'the live channel');
      await publish(device, gw.dtu, 'status', { floor: 2, direction: 0, door: 0, run: 0, flags: [] });
      await publish(device, gw.dtu, 'alarm', { type: 1, floor: 9 });
      // Found: off (a known state); the alarm: on; a second later: off.
      const { on, off } = LIGHT_COMMANDS;
      await waitFor(() => pty.bytes().includes(on), 5000, 'the light on');
      await waitFor(() => pty.bytes().equals(Buffer.concat([off, on, off])), 5000, 'the light off');
      // on for the --off-after it was given, then off by that timer (not by anything else)
      await waitFor(() => follow.out.stderr.includes('Light off'), 5000, 'the light-off line');
      const stderr = follow.out.stderr;
      expect(stderr).toContain('Alarm: Lift 86100000041');
      expect(stderr).toMatch(/Alarm: Lift 86100000041[^\n]*; light on for 1 s\n[\s\S]*Light off/);
    } finally {
      follow.child.kill('SIGINT');
      await follow.exited;
      await device.endAsync();
      await pty.close();
    }
  });

  const count = (haystack: Buffer, needle: Buffer) => {
    let n = 0;
    for (let i = haystack.indexOf(needle); i >= 0; i = haystack.indexOf(needle, i + needle.length)) n++;
    return n;
  };
  const occurrences = (text: string, part: string) => text.split(part).length - 1;

  it(
    'follow survives the light going away: no EIO crash, it searches again and finds it back',
    { timeout: 60_000 },
    async () => {
      const link = join(mkdtempSync(join(tmpdir(), 'light-link-')), 'ttyLIGHT');
      let pty = await ptyPair(link);
      const gw = await provision(s, admin, '86100000042');
      const device = await connectGateway(s.mqttUrl, gw);
      const follow = startCli(['light', 'follow', '--port', link, '--off-after', '1'], {
        ...env(superToken),
        LIFTCTL_LIGHT_SEARCH_MS: '100',
      });
      try {
        await waitFor(() => follow.out.stderr.includes('Light found'), 10_000, 'the light to be found');
        await waitFor(() => s.app.monitoring.hub.clients() > 0, 10_000, 'the live channel');
        await publish(device, gw.dtu, 'status', { floor: 2, direction: 0, door: 0, run: 0, flags: [] });
        await pty.close(); // unplugged
        await publish(device, gw.dtu, 'alarm', { type: 1, floor: 3 });
        await waitFor(() => follow.out.stderr.includes('Light not found'), 10_000, 'the search to start again');
        expect(follow.out.code).toBeNull();
        pty = await ptyPair(link); // plugged back in
        await waitFor(() => occurrences(follow.out.stderr, 'Light found') === 2, 10_000, 'the light found again');
        await publish(device, gw.dtu, 'alarm', { type: 1, floor: 4 });
        await waitFor(() => pty.bytes().includes(LIGHT_COMMANDS.on), 5000, 'the light on at the new device');
        expect(follow.out.stderr).toContain('went away');
        expect(follow.out.stderr).not.toMatch(/EIO|at .*\.js:\d+/);
        expect(follow.out.code).toBeNull();
      } finally {
        follow.child.kill('SIGINT');
        await follow.exited;
        await device.endAsync();
        await pty.close();
      }
    },
  );

  for (const [i, signal] of (['SIGINT', 'SIGTERM', 'SIGHUP'] as const).entries())
    it(`${signal} while follow has the light on turns it off before exiting`, { timeout: 60_000 }, async () => {
      const pty = await ptyPair();
      const gw = await provision(s, admin, `8610000005${i}`);
      const device = await connectGateway(s.mqttUrl, gw);
      const follow = startCli(['light', 'follow', '--port', pty.device, '--off-after', '600'], env(superToken));
      try {
        await waitFor(() => follow.out.stderr.includes('Light found'), 10_000, 'the light to be found');
        await waitFor(() => s.app.monitoring.hub.clients() > 0, 10_000, 'the live channel');
        await publish(device, gw.dtu, 'status', { floor: 2, direction: 0, door: 0, run: 0, flags: [] });
        await publish(device, gw.dtu, 'alarm', { type: 1, floor: 9 });
        await waitFor(() => pty.bytes().includes(LIGHT_COMMANDS.on), 5000, 'the light on');
        follow.child.kill(signal);
        const code = await follow.exited;
        // SIGTERM closes the live channel and follow ends as it does when the channel ends (0)
        expect(code).toBe({ SIGINT: 130, SIGTERM: 0, SIGHUP: 129 }[signal]);
        await waitFor(() => count(pty.bytes(), LIGHT_COMMANDS.off) === 2, 5000, 'the light off');
        expect(pty.bytes().subarray(-4)).toEqual(LIGHT_COMMANDS.off);
      } finally {
        follow.child.kill('SIGKILL');
        await device.endAsync();
        await pty.close();
      }
    });

  it(
    'light on goes off by itself after --for (10 s by default); --hold keeps it on; Ctrl-C turns it off',
    { timeout: 60_000 },
    async () => {
      const pty = await ptyPair();
      try {
        const { on, off } = LIGHT_COMMANDS;
        const timed = await runCli(['light', 'on', '--port', pty.device, '--for', '1'], { env: env(superToken) });
        expect(timed.code, timed.stderr).toBe(0);
        expect(timed.stderr).toContain('Light on');
        await waitFor(() => pty.bytes().length >= 8, 5000, 'on and off');
        expect(pty.bytes()).toEqual(Buffer.concat([on, off]));

        const held = await runCli(['light', 'on', '--port', pty.device, '--hold'], { env: env(superToken) });
        expect(held.code, held.stderr).toBe(0);
        await waitFor(() => pty.bytes().length >= 12, 5000, 'on');
        expect(pty.bytes()).toEqual(Buffer.concat([on, off, on]));

        const waiting = startCli(['light', 'on', '--port', pty.device], env(superToken));
        await waitFor(() => waiting.out.stderr.includes('goes off in 10 s'), 10_000, 'the default of 10 s');
        waiting.child.kill('SIGINT');
        expect(await waiting.exited).toBe(130);
        await waitFor(() => pty.bytes().length >= 20, 5000, 'on and off');
        expect(pty.bytes()).toEqual(Buffer.concat([on, off, on, on, off]));

        const bad = await runCli(['light', 'on', '--port', pty.device, '--for', 'x'], { env: env(superToken) });
        expect(bad.code).toBe(2);
      } finally {
        await pty.close();
      }
    },
  );

  it('follow searches for an absent device 36 times, then says so (exit 1)', async () => {
    const follow = startCli(['light', 'follow', '--port', '/dev/pts/no-such-light'], {
      ...env(superToken),
      LIFTCTL_LIGHT_SEARCH_MS: '20',
    });
    expect(await follow.exited).toBe(1);
    expect(follow.out.stderr).toContain('search 1 of 36');
    expect(follow.out.stderr).toContain('search 36 of 36');
    expect(follow.out.stderr).toContain('No light found after 36 searches');
  });
});

describe('light list without udev', () => {
  beforeAll(ensureBuilt);
  it('gets a clear message, not a crash', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'no-udev-'));
    const result = await runCli(['light', 'list'], { env: { PATH: empty } });
    expect(result.stderr).toContain('Cannot list serial ports on this machine');
    expect(result.stderr).toContain('--port');
    expect(result.stderr).not.toMatch(/at .*\.js:\d+/);
    expect(result.code).toBe(1);
  });
});

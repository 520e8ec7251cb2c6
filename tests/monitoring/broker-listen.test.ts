import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../packages/server/src/config.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';

/** The local addresses (hex, as the kernel lists them) of the TCP sockets listening on `port`. */
function listeningAddresses(port: number): string[] {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const found: string[] = [];
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue; // no IPv6 on this machine
    }
    for (const line of text.split('\n').slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      if (!local || state !== '0A') continue; // 0A: LISTEN
      const [address, portHex] = local.split(':');
      if (portHex === hexPort) found.push(address!);
    }
  }
  return found;
}

describe('where the embedded broker listens', () => {
  it('takes MQTT_HOST, and HOST when MQTT_HOST is unset', () => {
    expect(loadConfig({ HOST: '127.0.0.1' }).mqttHost).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '10.1.2.3', MQTT_HOST: '0.0.0.0' }).mqttHost).toBe('0.0.0.0');
    expect(loadConfig({}).mqttHost).toBe('0.0.0.0');
  });

  const dataDir = mkdtempSync(join(tmpdir(), 'liftcloud-bind-'));
  let server: ServerProcess | undefined;
  afterAll(() => {
    server?.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('binds only the address HOST names, like the HTTP server', { timeout: 90_000 }, async () => {
    server = await startServerProcess(dataDir, { HOST: '127.0.0.1', SIMULATE_GATEWAYS: '0', SEED_DEMO: 'false' });
    // 0100007F is 127.0.0.1 in the kernel's byte order; 00000000 would be every interface
    expect(listeningAddresses(server.httpPort)).toEqual(['0100007F']);
    expect(listeningAddresses(server.mqttPort)).toEqual(['0100007F']);
  });
});

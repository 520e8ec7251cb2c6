import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

const ROOT = new URL('../../', import.meta.url).pathname;

export interface ServerProcess {
  child: ChildProcess;
  httpPort: number;
  mqttPort: number;
  /** Everything the process printed so far. */
  output(): string;
}

/**
 * The real server as its own process (npm start's entry, run from source), on free ports, over a SQLite file
 * in `dataDir`; `env` adds or overrides settings. Resolves on its "running" log line.
 */
export function startServerProcess(dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'packages/server/src/main.ts')], {
    env: {
      ...process.env,
      PORT: '0',
      MQTT_PORT: '0',
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      WEB_ROOT: join(dataDir, 'no-web'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out.slice(-500)}`)), 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /"httpPort":(\d+),"mqttPort":(\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, httpPort: Number(m[1]), mqttPort: Number(m[2]), output: () => out });
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`server exited ${code}: ${out.slice(-500)}`)));
  });
}

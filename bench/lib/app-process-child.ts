/** The child of app-process.ts: listens on a free port, prints its address, and closes when its stdin ends. */
import { buildApp, type AppOptions } from '../../packages/server/src/app.js';
import { openStore } from '../../packages/server/src/db/database.js';
import type { AppProcessOptions } from './app-process.js';
import { helloApp } from './hello.js';

const options = JSON.parse(process.argv[2]!) as AppProcessOptions;
let close: () => Promise<void>;
let address: string;
if (options.hello) {
  const hello = helloApp();
  address = await hello.listen({ port: 0, host: '127.0.0.1' });
  close = () => hello.close();
} else {
  const store = openStore({ databaseUrl: options.databaseUrl, sqliteFile: options.sqliteFile });
  const app = await buildApp({ store, ...(options.app as Partial<AppOptions>) });
  address = await app.listen({ port: 0, host: '127.0.0.1' });
  close = async () => {
    await app.close();
    await store.close();
  };
}
process.stdout.write(`${JSON.stringify({ address })}\n`);
process.stdin.resume();
process.stdin.on('end', () => void close().then(() => process.exit(0)));

/**
 * Start the real server with demo data and the built console, for trying pages by hand:
 *   npm run build -w @liftcloud/web && npx tsx tests/web/support/serveConsole.ts
 */
import { fileURLToPath } from 'node:url';
import { startTestServer } from '../../support/server.js';

const webRoot = fileURLToPath(new URL('../../../packages/web/dist', import.meta.url));
const server = await startTestServer({ webRoot });
console.log(`console: ${server.baseUrl}/login`);
process.once('SIGTERM', () => void server.close().then(() => process.exit(0)));
process.once('SIGINT', () => void server.close().then(() => process.exit(0)));

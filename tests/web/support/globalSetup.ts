import { ensureWebBuilt } from './webBuild.js';

/** The browser project's global setup: the console is built once, before any browser test file starts. */
export default async function setup(): Promise<void> {
  await ensureWebBuilt();
}

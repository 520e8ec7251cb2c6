import { readFileSync } from 'node:fs';

/**
 * Node's flags for the server as `npm start` gives them (package.json's start script), so a bench's server
 * process runs as a deployment's does.
 */
export function startFlags(): string[] {
  const pkg = new URL('../../package.json', import.meta.url);
  const { scripts } = JSON.parse(readFileSync(pkg, 'utf8')) as { scripts: { start: string } };
  const launch = /node((?: --\S+)*) packages\/server\/dist\/main\.js/.exec(scripts.start);
  if (!launch) throw new Error(`npm start no longer runs packages/server/dist/main.js: ${scripts.start}`);
  return launch[1]!.trim().split(' ').filter(Boolean);
}

#!/usr/bin/env node
// Ink and chalk ignore NO_COLOR; FORCE_COLOR=0 turns them off before anything loads them.
if (process.env.NO_COLOR !== undefined && process.env.NO_COLOR !== '') process.env.FORCE_COLOR = '0';
const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  // The most common probe answers without loading the program (`liftctl -V` with more arguments goes through it).
  const { readFileSync } = await import('node:fs');
  process.stdout.write(`${JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version}\n`);
} else {
  await import('../dist/main.js');
}

#!/usr/bin/env node
// Ink and chalk ignore NO_COLOR; FORCE_COLOR=0 turns them off before anything loads them.
if (process.env.NO_COLOR !== undefined && process.env.NO_COLOR !== '') process.env.FORCE_COLOR = '0';
await import('../dist/main.js');

import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = new URL('../src/', import.meta.url).pathname;
const SERVICE = 'services/maintenance/orders.ts';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/** Every UPDATE of the maintenanceOrders table, from updateTable to its execute. */
function orderUpdates(text: string): string[] {
  const writes: string[] = [];
  const start = /updateTable\(\s*'maintenanceOrders'\s*\)/g;
  for (let m = start.exec(text); m; m = start.exec(text)) {
    const end = text.indexOf('.execute', m.index);
    writes.push(text.slice(m.index, end === -1 ? undefined : end));
  }
  return writes;
}

describe('a maintenance order’s status', () => {
  it('changes only through the maintenance-order service (docs/maintenance-orders.md)', () => {
    const offenders: string[] = [];
    let updatesSeen = 0;
    for (const file of sources(SRC)) {
      const name = relative(SRC, file);
      if (name.startsWith('db/migrations/')) continue;
      for (const write of orderUpdates(readFileSync(file, 'utf8'))) {
        updatesSeen++;
        if (name !== SERVICE && /\bstatus\b/.test(write)) offenders.push(`${name}: ${write.slice(0, 80)}`);
      }
    }
    expect(offenders).toEqual([]);
    // the service's move and the plan deletion's unlinking: the check is looking at the right code
    expect(updatesSeen).toBeGreaterThanOrEqual(2);
  });
});

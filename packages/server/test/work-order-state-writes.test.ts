import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = new URL('../src/', import.meta.url).pathname;
/** The work-order service: its moves, and the opening of an order raised by a person or an inspection. */
const SERVICE = new Set(['services/work-orders.ts', 'services/raise-work-order.ts']);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/** Every statement that writes the workOrders table: from the insert or update to its execute. */
function workOrderWrites(text: string): string[] {
  const writes: string[] = [];
  const start = /(updateTable|insertInto)\(\s*'workOrders'\s*\)/g;
  for (let m = start.exec(text); m; m = start.exec(text)) {
    const end = text.indexOf('.execute', m.index);
    writes.push(text.slice(m.index, end === -1 ? undefined : end));
  }
  return writes;
}

describe('a work order’s state', () => {
  it('is written only by the work-order service (docs/work-orders.md)', () => {
    const offenders: string[] = [];
    let writesSeen = 0;
    for (const file of sources(SRC)) {
      const name = relative(SRC, file);
      if (name.startsWith('db/migrations/')) continue;
      // the demo seed writes a week of finished history (and the inspection's repair order) as data, at past
      // times no move of the service could have
      if (name === 'seed/demo-history.ts' || name === 'seed/demo-paperwork.ts') continue;
      const text = readFileSync(file, 'utf8');
      if (/record_state/.test(text)) offenders.push(`${name}: record_state in SQL`);
      for (const write of workOrderWrites(text)) {
        writesSeen++;
        if (!SERVICE.has(name) && /recordState/.test(write)) offenders.push(`${name}: ${write.slice(0, 80)}`);
      }
    }
    expect(offenders).toEqual([]);
    // the check saw the service's own writes (and the pause route's), so it is looking at the right code
    expect(writesSeen).toBeGreaterThanOrEqual(4);
  });
});

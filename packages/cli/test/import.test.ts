import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../tests/support/server.js';
import { xlsx, type Cell } from '../../../tests/support/xlsx.js';
import { ensureBuilt, runCli, tempConfigDir } from './helpers/cli.js';
import { unzip } from './helpers/unzip.js';

const HEADER: Cell[] = [
  'Elevator name',
  'Register code',
  'Factory no.',
  'Elevator type',
  'DTU number',
  'Use unit',
  'Access date',
];
const row = (n: number, type: Cell = 'Escalator'): Cell[] => [
  `CLI apply ${n}`,
  `CLI-RC-${n}`,
  null,
  type,
  String(14_000_000_000 + n),
  'Harbour Mall',
  new Date(Date.UTC(2024, 0, 1 + n)),
];

/** `liftctl import` against the real server: the same pipeline as the console, from a file on disk. */
describe('liftctl import', () => {
  let s: TestServer;
  let dir: string;
  const run = (args: string[]) =>
    runCli(args, { env: { LIFTCTL_CONFIG_DIR: dir, LIFTCTL_SERVER: s.baseUrl, LIFTCTL_TOKEN: token } });
  let token = '';
  const file = async (name: string, rows: Cell[][]) => {
    const path = join(dir, name);
    writeFileSync(path, await xlsx(rows));
    return path;
  };

  beforeAll(async () => {
    ensureBuilt();
    s = await startTestServer();
    token = (await (await s.login('admin')).tokens.create('import-tests')).token;
    dir = tempConfigDir();
  });
  afterAll(async () => s?.close());

  it('--dry-run checks and writes nothing; the import writes; a re-run creates nothing new', async () => {
    const good = await file('good.xlsx', [HEADER, row(1), row(2), row(3, '曳引式客梯')]);
    const dry = await run(['import', 'net-apply', good, '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toBe('');
    expect(dry.stderr).toContain('good.xlsx checked, nothing written: 3 rows, 3 would be created');
    const json = await run(['import', 'net-apply', good, '--dry-run', '-o', 'json']);
    expect(JSON.parse(json.stdout)).toEqual({ created: 3, skipped: 0, total: 3, dryRun: true });
    const done = await run(['import', 'net-apply', good]);
    expect(done.code).toBe(0);
    expect(done.stderr).toContain('good.xlsx: 3 rows, 3 created, 0 already there');
    const again = await run(['import', 'net-apply', good, '-o', 'json']);
    expect(JSON.parse(again.stdout)).toMatchObject({ created: 0, skipped: 3, total: 3 });
  });

  it('bad rows: row, column and reason, nothing imported, exit 4', async () => {
    const bad = await file('bad.xlsx', [HEADER, row(10), row(11, 'Rocket'), row(12, 'Balloon')]);
    const result = await run(['import', 'net-apply', bad]);
    expect(result.code).toBe(4);
    expect(result.stdout).toBe('');
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines[0]).toBe('2 rows have problems; nothing was imported');
    expect(lines[1]).toMatch(/^ {2}row 3: Elevator type: must be one of /);
    expect(lines[2]).toMatch(/^ {2}row 4: Elevator type: must be one of /);
    const json = await run(['import', 'net-apply', bad, '-o', 'json']);
    expect(json.code).toBe(4);
    const rows = JSON.parse(json.stdout) as { row: number; column: string }[];
    expect(rows.map((r) => [r.row, r.column])).toEqual([
      [3, 'Elevator type'],
      [4, 'Elevator type'],
    ]);
    const list = await run(['net-apply', 'list', '--elevator-name', 'CLI apply 10', '-o', 'json']);
    expect(JSON.parse(list.stdout)).toEqual([]);
  });

  it('an unknown kind is a usage error; a file that is not xlsx is refused by the server', async () => {
    const unknown = await run(['import', 'company', 'x.xlsx']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('net-apply, elevator, gateway-device');
    const text = join(dir, 'rows.xlsx');
    writeFileSync(text, 'not,a,spreadsheet\n');
    const refused = await run(['import', 'net-apply', text]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/not an \.xlsx/);
    const missing = await run(['import', 'net-apply', join(dir, 'missing.xlsx')]);
    expect(missing.code).toBe(2);
    // the file named and the problem in words, not Node's "ENOENT: no such file or directory, open …"
    expect(missing.stderr).toContain(`No such file: ${join(dir, 'missing.xlsx')}`);
    expect(missing.stderr).not.toContain('ENOENT');
    const folder = await run(['import', 'net-apply', dir]);
    expect(folder.code).toBe(2);
    expect(folder.stderr).toContain(`${dir} is a folder, not a file`);
    const attach = await run(['contract', 'attach', '1', join(dir, 'nothing.pdf')]);
    expect(attach.code).toBe(2);
    expect(attach.stderr).toContain('No such file:');
  });

  it(
    'import template writes the columns in the profile language, an example row the import accepts, and the rules',
    { timeout: 180_000 },
    async () => {
      for (const kind of ['elevator', 'gateway-device', 'net-apply']) {
        const out = join(dir, `${kind}-template.xlsx`);
        const made = await run(['import', 'template', kind, '--out', out]);
        expect(made.code, made.stderr).toBe(0);
        expect(made.stderr).toContain(`Template for ${kind} written to ${out}`);
        // the example row passes the same rules a real row does
        const dry = await run(['import', kind, out, '--dry-run', '-o', 'json']);
        expect(dry.code, `${kind}: ${dry.stdout}`).toBe(0);
        expect(JSON.parse(dry.stdout)).toMatchObject({ total: 1, dryRun: true });
      }
      const files = unzip(join(dir, 'elevator-template.xlsx'));
      const strings = [...files.entries()]
        .filter(([name]) => name.startsWith('xl/'))
        .map(([, text]) => text)
        .join('\n');
      for (const text of [
        'Rated speed (m/s)',
        'Rules',
        'a number; at least 0; at most 30; at most 2 decimals',
        'Factory no.',
      ])
        expect(strings).toContain(text);
      expect(strings).toMatch(/one of: 1 [^;]+, 2 /);

      // in Italian: headers and rules in the profile's language, still accepted by the import
      const it = join(dir, 'ascensori.xlsx');
      const made = await runCli(['import', 'template', 'elevator', '--out', it], {
        env: { LIFTCTL_CONFIG_DIR: dir, LIFTCTL_SERVER: s.baseUrl, LIFTCTL_TOKEN: token, LANG: 'it_IT.UTF-8' },
      });
      expect(made.code, made.stderr).toBe(0);
      const italian = [...unzip(it).values()].join('\n');
      expect(italian).toContain('Velocità nominale (m/s)');
      expect(italian).toContain('al massimo 2 decimali');
      expect((await run(['import', 'elevator', it, '--dry-run'])).code).toBe(0);
      const unknown = await run(['import', 'template', 'company']);
      expect(unknown.code).toBe(2);
    },
  );
});

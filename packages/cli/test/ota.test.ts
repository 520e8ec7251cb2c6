import { uploadOtaProgramFile } from '@liftcloud/client';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../tests/support/server.js';
import { ensureBuilt, runCli, tempConfigDir } from './helpers/cli.js';

/** `liftctl ota`: programs, apply, approvals, approve and reject (several ids, --yes), burn, against the real server. */
describe('liftctl ota', () => {
  let s: TestServer;
  let dir: string;
  let token = '';
  let programId = 0;
  let adminClient: Awaited<ReturnType<TestServer['login']>>;
  const run = (args: string[]) =>
    runCli(args, {
      env: { LIFTCTL_CONFIG_DIR: dir, LIFTCTL_SERVER: s.baseUrl, LIFTCTL_TOKEN: token, TZ: 'Asia/Shanghai' },
    });

  beforeAll(async () => {
    ensureBuilt();
    s = await startTestServer();
    const admin = await s.login('admin');
    adminClient = admin;
    token = (await admin.tokens.create('ota-tests')).token;
    dir = tempConfigDir();
    const p = await admin.entities.otaProgram.save({
      programName: 'Door controller',
      version: '2.0',
      count: 5,
      isEffective: 1,
      ownedCompanyId: s.demo.companies.manufacturer,
    });
    programId = p.id;
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(Buffer.from('firmware bytes'.repeat(100)))]), 'door.bin');
    await admin.call(uploadOtaProgramFile, { params: { id: p.id }, body: form });
    await admin.entities.gatewayDevice.save({ dtuCode: '86199900001' });
    await admin.entities.gatewayDevice.save({ dtuCode: '86199900002' });
  });
  afterAll(async () => s?.close());

  it('applies, lists pending, approves and rejects several at once, then burns within the quota', async () => {
    const programs = await run(['ota', 'programs', '-o', 'json']);
    expect(programs.code, programs.stderr).toBe(0);
    expect(JSON.parse(programs.stdout)).toEqual([expect.objectContaining({ id: programId, remainingNumber: 5 })]);
    // the table says whether a program is locked and shows its firmware's MD5
    const table = await run(['ota', 'programs']);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout.split('\n')[0]).toMatch(/STATE\s+OWNED COMPANY NAME\s+MD5/);
    expect(table.stdout).toMatch(/Door controller\s+2\.0\s+5\s+0\s+5\s+0\s+Effective\s+\S.*\s[0-9a-f]{32}/);

    const ids: number[] = [];
    for (const count of ['2', '1', '1']) {
      const made = await run(['ota', 'apply', '--program', String(programId), '--count', count, '-o', 'json']);
      expect(made.code, made.stderr).toBe(0);
      ids.push((JSON.parse(made.stdout) as { id: number }[])[0]!.id);
    }
    const over = await run(['ota', 'apply', '--program', String(programId), '--count', '9']);
    expect(over.code).toBe(1);
    expect(over.stderr).toContain('cannot exceed the remaining count (5)');

    const pending = await run(['ota', 'approvals', '-o', 'json']);
    expect((JSON.parse(pending.stdout) as { id: number }[]).map((r) => r.id).sort()).toEqual([...ids].sort());

    const noReason = await run(['ota', 'reject', String(ids[2]), '--yes']);
    expect(noReason.code).toBe(2);
    const noTty = await run(['ota', 'approve', String(ids[0])]);
    expect(noTty.code).toBe(2);
    const approved = await run(['ota', 'approve', String(ids[0]), String(ids[1]), '--yes']);
    expect(approved.code, approved.stderr).toBe(0);
    const rejected = await run(['ota', 'reject', String(ids[2]), String(ids[0]), '--reason', 'Wrong site', '--yes']);
    // the first is rejected, the second was approved already: partial
    expect(rejected.code).toBe(4);
    expect(rejected.stderr).toContain(`Application ${ids[0]}:`);
    const all = await run(['ota', 'approvals', '--status', 'all', '-o', 'json']);
    const statuses = Object.fromEntries(
      (JSON.parse(all.stdout) as { id: number; approvalStatus: number }[]).map((r) => [r.id, r.approvalStatus]),
    );
    expect(statuses).toEqual({ [ids[0]!]: 2, [ids[1]!]: 2, [ids[2]!]: 3 });
    expect((await run(['ota', 'approvals', '--status', 'soon'])).code).toBe(2);

    const burn = await run([
      'ota',
      'burn',
      '--program',
      String(programId),
      '--dtu',
      '86199900001',
      '86199900002',
      '-o',
      'json',
    ]);
    expect(burn.code, burn.stderr).toBe(0);
    expect((JSON.parse(burn.stdout) as { dtu: string; state: number }[]).map((b) => [b.dtu, b.state])).toEqual([
      ['86199900001', 0],
      ['86199900002', 0],
    ]);
  }, 240_000);
  it('uploads a program’s firmware once, with its MD5, and names a missing file or a second upload', async () => {
    const p = await adminClient.entities.otaProgram.save({
      programName: 'Car controller',
      version: '3.1',
      count: 2,
      isEffective: 1,
      ownedCompanyId: s.demo.companies.manufacturer,
    });
    const file = join(mkdtempSync(join(tmpdir(), 'liftctl-ota-')), 'car-3.1.bin');
    const bytes = Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 7) % 256));
    writeFileSync(file, bytes);

    const missing = await run(['ota', 'upload', String(p.id), `${file}.nope`]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('car-3.1.bin.nope');

    const up = await run(['ota', 'upload', String(p.id), file, '-o', 'json']);
    expect(up.code, up.stderr).toBe(0);
    const [kept] = JSON.parse(up.stdout) as { id: number; md5: string; fileSize: number; fileName: string }[];
    expect(kept).toMatchObject({
      id: p.id,
      md5: createHash('md5').update(bytes).digest('hex'),
      fileSize: bytes.length,
      fileName: 'car-3.1.bin',
    });

    const again = await run(['ota', 'upload', String(p.id), file]);
    expect(again.code).toBe(1);
    expect(again.stderr.length).toBeGreaterThan(0);
    // three liftctl processes: past the 30 s default on a loaded machine, as the test above
  }, 150_000);
});

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as sample from '../../../tests/support/files.js';
import { startTestServer, type TestServer } from '../../../tests/support/server.js';
import { ensureBuilt, runCli, tempConfigDir } from './helpers/cli.js';

/** `liftctl <entity> attachments|attach|download`, spawned without a terminal, against the real server. */
describe('liftctl attachments', () => {
  let s: TestServer;
  let dir: string;
  let token = '';
  let liftId = 0;
  const run = (args: string[], as = token) =>
    runCli(args, { env: { LIFTCTL_CONFIG_DIR: dir, LIFTCTL_SERVER: s.baseUrl, LIFTCTL_TOKEN: as } });
  const file = (name: string, bytes: Buffer) => {
    const path = join(dir, name);
    writeFileSync(path, bytes);
    return path;
  };

  beforeAll(async () => {
    ensureBuilt();
    s = await startTestServer();
    const admin = await s.login('admin');
    token = (await admin.tokens.create('attachment-tests')).token;
    liftId = (
      await admin.entities.elevator.save({ name: 'CLI lift', factoryNo: 'CLI-F', elevatorType: 1, useStatus: 1 })
    ).id;
    dir = tempConfigDir();
  });
  afterAll(async () => s?.close());

  it('attach, list and download round-trip the bytes (SHA-256)', async () => {
    const report = sample.pdf(300_000);
    const sent = file('inspection report.pdf', report);
    const attached = await run(['elevator', 'attach', String(liftId), sent, '--json']);
    expect(attached.code, attached.stderr).toBe(0);
    const kept = JSON.parse(attached.stdout) as { id: number; name: string; sha256: string; size: number };
    expect(kept).toMatchObject({ name: 'inspection report.pdf', size: report.length, sha256: sample.sha256(report) });
    expect(attached.stderr).toContain(`inspection report.pdf attached to Elevator ${liftId} as file ${kept.id}`);

    const listed = await run(['elevator', 'attachments', String(liftId), '--json']);
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.stdout)).toEqual([
      expect.objectContaining({ id: kept.id, name: 'inspection report.pdf', uploaderName: 'Demo Administrator' }),
    ]);
    const table = await run(['elevator', 'attachments', String(liftId)]);
    expect(table.stdout).toMatch(
      /inspection report\.pdf\s+300\d{3}\s+\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\s+Demo Administrator/,
    );

    const target = join(dir, 'copy.pdf');
    const saved = await run(['elevator', 'download', String(kept.id), '--out', target, '--json']);
    expect(saved.code, saved.stderr).toBe(0);
    expect(JSON.parse(saved.stdout)).toMatchObject({ path: target, sha256: sample.sha256(report) });
    expect(sample.sha256(readFileSync(target))).toBe(sample.sha256(report));
    // not over an existing file unless --yes
    const again = await run(['elevator', 'download', String(kept.id), '--out', target]);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('exists: pass --yes to overwrite it');
    expect((await run(['elevator', 'download', String(kept.id), '--out', target, '--yes'])).code).toBe(0);
    // to stdout
    const piped = await runCli(['elevator', 'download', String(kept.id), '--out', '-'], {
      env: { LIFTCTL_CONFIG_DIR: dir, LIFTCTL_SERVER: s.baseUrl, LIFTCTL_TOKEN: token },
    });
    expect(piped.code).toBe(0);
    expect(piped.stdout.length).toBe(report.length);
  });

  it('checks type and size before sending (exit 2); the server judges content (exit 1)', async () => {
    const video = await run(['elevator', 'attach', String(liftId), file('clip.mp4', sample.mp4())]);
    expect(video.code).toBe(2);
    expect(video.stderr).toContain(
      'clip.mp4: only jpg, png, bmp, jpeg, pdf, xlsx, xls, docx, doc files may be attached',
    );
    const big = await run(['elevator', 'attach', String(liftId), file('big.pdf', sample.pdf(10 * 1024 * 1024))]);
    expect(big.code).toBe(2);
    expect(big.stderr).toContain('at most 10 MB may be attached');
    const lie = await run(['elevator', 'attach', String(liftId), file('photo.png', sample.pdf())]);
    expect(lie.code).toBe(1);
    expect(lie.stderr).toContain('File: only jpg, png, bmp, jpeg, pdf, xlsx, xls, docx, doc files are accepted');
    expect(existsSync(join(dir, 'missing.pdf'))).toBe(false);
    expect((await run(['elevator', 'attach', String(liftId), join(dir, 'missing.pdf')])).code).toBe(2);
  });

  it('another tenant’s file and record: exit 1; no login: exit 3', async () => {
    const coastal = (await (await s.login('coastaladmin')).tokens.create('coastal')).token;
    const mine = JSON.parse((await run(['elevator', 'attachments', String(liftId), '--json'])).stdout) as {
      id: number;
    }[];
    const foreign = await run(['elevator', 'download', String(mine[0]!.id)], coastal);
    expect(foreign.code).toBe(1);
    expect(foreign.stderr).toContain(`No file ${mine[0]!.id} that you may read`);
    const list = await run(['elevator', 'attachments', String(liftId)], coastal);
    expect(list.code).toBe(1);
    expect(list.stderr).toContain(`No such Elevator: ${liftId}`);
    const anonymous = await runCli(['elevator', 'attachments', String(liftId)], {
      env: { LIFTCTL_CONFIG_DIR: tempConfigDir(), LIFTCTL_SERVER: s.baseUrl },
    });
    expect(anonymous.code).toBe(3);
  });
});

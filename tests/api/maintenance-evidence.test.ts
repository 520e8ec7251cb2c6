import { readdirSync } from 'node:fs';
import type { LiftCloudClient } from '@liftcloud/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure } from '../support/errors.js';
import { jpg, mp4, pdf, png } from '../support/files.js';
import { maintenanceFixture, type MaintenanceFixture } from '../support/maintenance.js';
import { DIALECTS, startTestServer, type TestServer } from '../support/server.js';

const blob = (bytes: Buffer) => new Blob([new Uint8Array(bytes)]);
const MB = 1024 * 1024;

/** Every file under a folder, recursively: what the file store holds on disk. */
function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => e.name);
  } catch {
    return [];
  }
}

/**
 * Issue 13, bad input: a maintenance order's evidence (photos, recordings, signatures) is bounded by size and
 * judged by its content, not its name; a refused upload is not stored (no row, no file on disk).
 */
describe.each(DIALECTS)('maintenance evidence uploads on %s', (dialect) => {
  let s: TestServer;
  let admin: LiftCloudClient;
  let fx: MaintenanceFixture;
  let orderId: number;

  beforeAll(async () => {
    s = await startTestServer({ dialect });
    admin = await s.login('admin');
    fx = await maintenanceFixture(s, admin, `evidence-${dialect}`);
    orderId = (
      await admin.entities.maintenanceOrder.save({
        elevatorId: fx.elevatorId,
        maintenanceTypeId: fx.typeId,
        companyId: fx.companyId,
        worker1Id: fx.workerId,
        planDate: '2026-03-01',
      })
    ).id;
  });
  afterAll(async () => s?.close());

  const upload = (bytes: Buffer, fileName: string) =>
    admin.attachments.upload('maintenanceOrder', orderId, blob(bytes), { fileName });
  const stored = async () => ({
    rows: (await admin.attachments.list('maintenanceOrder', orderId)).map((f) => f.name).sort(),
    onDisk: filesUnder(s.uploadDir).length,
  });

  it('takes a photo (png, jpg) and a recording (mp4) by their content', async () => {
    await upload(png(4096), 'brake.png');
    await upload(jpg(4096), 'door.jpg');
    await upload(mp4(4096), 'noise.mp4');
    expect((await stored()).rows).toEqual(['brake.png', 'door.jpg', 'noise.mp4']);
  });

  it('refuses a file over 20 MB, an executable named .jpg, a png named .mp4 and a pdf, storing none', async () => {
    const before = await stored();
    const big = await failure(upload(png(20 * MB + 16), 'huge.png'));
    expect(big.status).toBe(413);
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(4096, 0x90)]);
    const disguised = await failure(upload(exe, 'photo.jpg'));
    expect(disguised.status).toBe(400);
    const renamed = await failure(upload(png(), 'recording.mp4'));
    expect(renamed.status).toBe(400);
    const wrongKind = await failure(upload(pdf(), 'report.pdf'));
    expect(wrongKind.status).toBe(400);
    expect(await stored()).toEqual(before);
  });

  it('names the rule in the caller’s language; another tenant’s upload to the order is 404', async () => {
    const zh = await s.login('admin', undefined, 'zh-CN');
    const e = await failure(
      zh.attachments.upload('maintenanceOrder', orderId, blob(png()), { fileName: 'recording.mp4' }),
    );
    expect(e.status).toBe(400);
    expect(e.message).toMatch(/[\u4e00-\u9fa5]/);
    const other = await s.login('coastaladmin');
    const foreign = await failure(
      other.attachments.upload('maintenanceOrder', orderId, blob(png()), { fileName: 'sneaky.png' }),
    );
    expect(foreign.status).toBe(404);
  });
});

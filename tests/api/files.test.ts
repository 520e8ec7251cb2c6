import { ApiError, type FileInfo, type LiftCloudClient } from '@liftcloud/client';
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adoptLegacyUploads } from '../../packages/server/src/files/legacy.js';
import * as sample from '../support/files.js';
import { DIALECTS, startTestServer, tokenOf, type TestServer } from '../support/server.js';

/** Every file under a folder, as paths relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => relative(dir, join(e.parentPath, e.name)));
}

const statusOf = (work: Promise<unknown>) =>
  work.then(
    () => 200,
    (err: unknown) => (err instanceof ApiError ? err.status : -1),
  );

const blob = (bytes: Buffer) => new Blob([new Uint8Array(bytes)]);

describe.each(DIALECTS)('files on %s', (dialect) => {
  let s: TestServer;
  let admin: LiftCloudClient;
  let liftId: number;

  beforeAll(async () => {
    s = await startTestServer({ dialect });
    admin = await s.login('admin');
    // created at the tenant's root and related to no company: the north branch's engineer cannot see it
    liftId = (
      await admin.entities.elevator.save({
        name: 'Files lift',
        factoryNo: `F-${dialect}`,
        elevatorType: 1,
        useStatus: 1,
      })
    ).id;
  });
  afterAll(async () => s?.close());

  const attach = (client: LiftCloudClient, name: string, bytes: Buffer, id = liftId) =>
    client.attachments.upload('elevator', id, blob(bytes), { fileName: name });

  describe('each type is taken by its content, and refused when its name says otherwise', () => {
    const types: [string, () => Buffer, string][] = [
      ['jpg', sample.jpg, 'photo.png'],
      ['jpeg', sample.jpg, 'photo.bmp'],
      ['png', sample.png, 'plan.jpg'],
      ['bmp', sample.bmp, 'scan.pdf'],
      ['pdf', sample.pdf, 'report.docx'],
      ['xlsx', sample.xlsx, 'sheet.docx'],
      ['docx', sample.docx, 'letter.xlsx'],
      ['xls', sample.xls, 'sheet.doc'],
      ['doc', sample.doc, 'letter.xls'],
    ];
    it.each(types)('%s', async (ext, make, lie) => {
      const bytes = make();
      const kept = await attach(admin, `certificate.${ext}`, bytes);
      expect(kept).toMatchObject({ name: `certificate.${ext}`, size: bytes.length, sha256: sample.sha256(bytes) });
      const { blob: back } = await admin.files.download(kept.id);
      expect(sample.sha256(Buffer.from(await back.arrayBuffer()))).toBe(sample.sha256(bytes));
      const refused = await attach(admin, lie, bytes).catch((err: unknown) => err as ApiError);
      expect(refused).toBeInstanceOf(ApiError);
      expect((refused as ApiError).status).toBe(400);
      expect((refused as ApiError).message).toBe(
        'File: only jpg, png, bmp, jpeg, pdf, xlsx, xls, docx, doc files are accepted',
      );
    });

    it('a type the entity does not take, a text under an image name, a ZIP that is no document', async () => {
      expect(await statusOf(attach(admin, 'clip.mp4', sample.mp4()))).toBe(400);
      expect(await statusOf(attach(admin, 'evil.png', Buffer.from('<svg onload=alert(1)>')))).toBe(400);
      expect(await statusOf(attach(admin, 'archive.xlsx', sample.plainZip()))).toBe(400);
      expect(await statusOf(attach(admin, 'page.html', Buffer.from('<html></html>')))).toBe(400);
    });
  });

  it('takes exactly one file in the field file: two files, another field or JSON are refused, nothing kept', async () => {
    const rowsBefore = await s.store.db.selectFrom('files').select('id').execute();
    const send = (body: FormData | string) =>
      s.fetch(`elevators/${liftId}/attachments`, {
        method: 'POST',
        token: tokenOf(admin),
        body,
        ...(typeof body === 'string' ? { headers: { 'content-type': 'application/json' } } : {}),
      });
    const two = new FormData();
    two.append('file', blob(sample.png()), 'a.png');
    two.append('file', blob(sample.png()), 'b.png');
    const twice = await send(two);
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe('Send exactly one file, as multipart/form-data');
    const named = new FormData();
    named.append('document', blob(sample.png()), 'a.png');
    expect((await send(named)).status).toBe(400);
    const field = new FormData();
    field.append('note', 'hello');
    field.append('file', blob(sample.png()), 'a.png');
    expect((await send(field)).status).toBe(400);
    expect((await send('{}')).status).toBe(415);
    expect(await s.store.db.selectFrom('files').select('id').execute()).toEqual(rowsBefore);
    expect(await filesUnder(join(s.uploadDir, '.staging'))).toEqual([]);
  });

  it('refuses a file over the limit while it streams in: 413 before the upload ends, nothing kept', async () => {
    const before = await filesUnder(s.uploadDir);
    const rowsBefore = await s.store.db.selectFrom('files').select('id').execute();
    const boundary = `----lift${randomBytes(8).toString('hex')}`;
    const url = new URL(`${s.apiBase}/elevators/${liftId}/attachments`);
    // 11 MB of a 10 MB limit are written, and the request is never finished: the answer must come before it is
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(url, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${tokenOf(admin)}`,
          'accept-language': 'en-US',
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
      });
      req.on('error', reject);
      req.on('response', (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, body });
          req.destroy();
        });
      });
      req.write(
        `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="big.pdf"\r\n` +
          'content-type: application/pdf\r\n\r\n',
      );
      req.write(sample.pdf(0));
      const mb = Buffer.alloc(1024 * 1024, 0x20);
      let sent = 0;
      const more = () => {
        while (sent < 11 && !req.destroyed) {
          sent++;
          if (!req.write(mb)) return void req.once('drain', more);
        }
      };
      more();
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).message).toBe('File: the file is larger than 10 MB');
    expect(await filesUnder(s.uploadDir)).toEqual(before);
    expect(await s.store.db.selectFrom('files').select('id').execute()).toEqual(rowsBefore);
  });

  describe('downloads are the owner record’s to give', () => {
    let kept: FileInfo;
    beforeAll(async () => {
      kept = await attach(admin, '检验报告 (2026).pdf', sample.pdf(2048));
    });

    it('streams the file with its name, its sniffed type, nosniff and no-store', async () => {
      const res = await fetch(`${s.baseUrl}${kept.url}`, { headers: { authorization: `Bearer ${tokenOf(admin)}` } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
      expect(res.headers.get('content-disposition')).toBe(
        'attachment; filename="____ (2026).pdf"; filename*=UTF-8\'\'%E6%A3%80%E9%AA%8C%E6%8A%A5%E5%91%8A%20%282026%29.pdf',
      );
      const { fileName } = await admin.files.download(kept.id);
      expect(fileName).toBe('检验报告 (2026).pdf');
    });

    it('without a login: 401', async () => {
      expect((await fetch(`${s.baseUrl}${kept.url}`)).status).toBe(401);
    });

    it('another tenant’s file: 404, as for a file that does not exist', async () => {
      const coastal = await s.login('coastaladmin');
      expect(await statusOf(coastal.files.download(kept.id))).toBe(404);
      expect(await statusOf(coastal.attachments.list('elevator', liftId))).toBe(404);
      expect(await statusOf(admin.files.download(kept.id + 10_000))).toBe(404);
    });

    it('a file of a record outside the caller’s organisations: 404', async () => {
      const engineer = await s.login('companyuser'); // North Branch, may read elevators (110)
      expect(await statusOf(engineer.entities.elevator.get(liftId))).toBe(404);
      expect(await statusOf(engineer.files.download(kept.id))).toBe(404);
      expect(await statusOf(engineer.attachments.list('elevator', liftId))).toBe(404);
    });

    it('without the owner’s read permission: 404 for the file, 403 for the record’s attachment routes', async () => {
      const role = await admin.entities.role.save({ name: `Events only ${dialect}`, permissions: [45] });
      await admin.entities.user.save({
        username: `eventsonly${dialect}`,
        password: 'Passw0rdX',
        name: 'Events Only',
        phone: dialect === 'sqlite' ? '13522225555' : '13522226666',
        userType: 2,
        roleIds: [role.id],
        maintainer: false,
        companyId: s.demo.companies.property,
      });
      const events = await s.login(`eventsonly${dialect}`, 'Passw0rdX');
      expect(await statusOf(events.files.download(kept.id))).toBe(404);
      expect(await statusOf(events.attachments.list('elevator', liftId))).toBe(403);
      expect(await statusOf(events.attachments.upload('elevator', liftId, blob(sample.png())))).toBe(403);
      expect(await statusOf(events.attachments.remove('elevator', liftId, kept.id))).toBe(403);
      // a smart-screen program image is for indexes the Viewer role does not hold
      const viewer = await s.login('general');
      const program = await admin.files.upload('programImage', blob(sample.gif()), { fileName: 'lobby.gif' });
      expect(await statusOf(viewer.files.download(program.id))).toBe(404);
      expect(await statusOf(admin.files.download(program.id))).toBe(200);
    });

    it('lists a record’s attachments with name, time and uploader, newest first', async () => {
      const list = await admin.attachments.list('elevator', liftId);
      expect(list.find((f) => f.id === kept.id)).toMatchObject({
        name: '检验报告 (2026).pdf',
        uploaderName: 'Demo Administrator',
        createTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
        url: `/api/files/${kept.id}`,
      });
      expect(list.map((f) => f.id)).toEqual([...list.map((f) => f.id)].sort((a, b) => b - a));
    });

    it('deletes an attachment only through its own record, and only for those who may change that record', async () => {
      const other = await admin.entities.elevator.save({
        name: 'Other lift',
        factoryNo: `O-${dialect}`,
        elevatorType: 1,
        useStatus: 1,
      });
      const paper = await attach(admin, 'paper.png', sample.png());
      expect(await statusOf(admin.attachments.remove('elevator', other.id, paper.id))).toBe(404);
      const engineer = await s.login('companyuser');
      expect(await statusOf(engineer.attachments.remove('elevator', liftId, paper.id))).toBe(404);
      const anonymous = await s.fetch(`elevators/${liftId}/attachments/${paper.id}`, { method: 'DELETE' });
      expect(anonymous.status).toBe(401);
      expect(await statusOf(admin.files.download(paper.id))).toBe(200);
      await admin.attachments.remove('elevator', liftId, paper.id);
      expect(await statusOf(admin.files.download(paper.id))).toBe(404);
    });
  });

  it('deleting the owner deletes its files: rows and bytes', async () => {
    const lift = await admin.entities.elevator.save({
      name: 'Doomed lift',
      factoryNo: `D-${dialect}`,
      elevatorType: 1,
      useStatus: 1,
    });
    const a = await attach(admin, 'a.png', sample.png(), lift.id);
    const b = await attach(admin, 'b.docx', sample.docx(), lift.id);
    const keys = await s.store.db.selectFrom('files').select('storageKey').where('id', 'in', [a.id, b.id]).execute();
    expect(keys).toHaveLength(2);
    const stored = await filesUnder(s.uploadDir);
    for (const { storageKey } of keys) expect(stored).toContain(storageKey);
    await admin.entities.elevator.remove(lift.id);
    expect(await s.store.db.selectFrom('files').select('id').where('id', 'in', [a.id, b.id]).execute()).toEqual([]);
    const after = await filesUnder(s.uploadDir);
    for (const { storageKey } of keys) expect(after).not.toContain(storageKey);
    expect(await statusOf(admin.files.download(a.id))).toBe(404);
  });

  it('adopts what records named under /uploads/ before: the console still shows it, through /api', async () => {
    const hex = randomBytes(16).toString('hex');
    const logo = sample.png(100);
    const clip = sample.mp4(100);
    const firmware = Buffer.from(`legacy firmware ${dialect}`);
    await mkdir(join(s.uploadDir, 'firmware'), { recursive: true });
    await writeFile(join(s.uploadDir, `${hex}.png`), logo);
    await writeFile(join(s.uploadDir, `${hex}.mp4`), clip);
    await writeFile(join(s.uploadDir, 'firmware', `${hex}.bin`), firmware);
    const root = await s.login('superAdmin');
    const setting = await root.entities.uiSetting.save({
      host: `legacy-${dialect}.example`,
      systemName: 'Legacy',
      logoLarge: `/uploads/${hex}.png`,
      appBanners: `/uploads/${hex}.png,/uploads/gone.png`,
    });
    const card = await admin.entities.programCard.save({
      name: `Legacy card ${dialect}`,
      programs: JSON.stringify([{ order: 1, kind: 'video', url: `/uploads/${hex}.mp4` }]),
    });
    const version = await root.entities.gatewayVersion.save({
      softwareName: 'DTU',
      versionId: `legacy-${dialect}`,
      version: '1.0',
      status: 1,
      md5: sample.md5(firmware),
    });
    await s.store.db
      .updateTable('gatewayVersions')
      .set({ fileUrl: `/uploads/firmware/${hex}.bin` })
      .where('id', '=', version.id)
      .execute();

    expect(await adoptLegacyUploads(s.store.db, s.uploadDir)).toBe(3);
    expect(await adoptLegacyUploads(s.store.db, s.uploadDir)).toBe(0);

    const branded = await root.entities.uiSetting.get(setting.id);
    expect(branded.logoLarge).toMatch(/^\/api\/public\/branding\/[A-Za-z0-9_-]{43}$/);
    expect(branded.appBanners).toBe(`${branded.logoLarge},/uploads/gone.png`);
    const shown = await fetch(`${s.baseUrl}${branded.logoLarge}`);
    expect(sample.sha256(Buffer.from(await shown.arrayBuffer()))).toBe(sample.sha256(logo));

    const [program] = JSON.parse((await admin.entities.programCard.get(card.id)).programs ?? '[]') as { url: string }[];
    expect(program?.url).toMatch(/^\/api\/files\/\d+$/);
    const video = await admin.files.download(Number(program?.url.split('/').pop()));
    expect(video.blob.type).toBe('video/mp4');
    expect(sample.sha256(Buffer.from(await video.blob.arrayBuffer()))).toBe(sample.sha256(clip));

    const fileUrl = (await root.entities.gatewayVersion.get(version.id)).fileUrl ?? '';
    const program2 = await admin.files.download(Number(fileUrl.split('/').pop()));
    expect(Buffer.from(await program2.blob.arrayBuffer()).equals(firmware)).toBe(true);
    const row = await s.store.db
      .selectFrom('files')
      .selectAll()
      .where('storageKey', '=', `firmware/${hex}.bin`)
      .executeTakeFirst();
    expect(row).toMatchObject({
      ownerEntity: 'gatewayVersion',
      ownerId: version.id,
      kind: 'firmware',
      md5: sample.md5(firmware),
    });
  });

  it('/uploads/ is no longer served', async () => {
    const kept = await attach(admin, 'x.png', sample.png());
    const row = await s.store.db.selectFrom('files').select('storageKey').where('id', '=', kept.id).executeTakeFirst();
    const res = await fetch(`${s.baseUrl}/uploads/${row?.storageKey}`);
    expect(res.status).toBe(404);
    expect(Buffer.from(await res.arrayBuffer()).includes(sample.png())).toBe(false);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, tokenOf, type TestServer } from '../support/server.js';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

function form(name: string, bytes: Buffer, type = 'image/png'): FormData {
  const f = new FormData();
  f.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return f;
}

// The field uploads' own rules; files, their rows and their checks run on both dialects in files.test.ts.
describe('UI setting image uploads', () => {
  let s: TestServer;
  let token: string;
  beforeAll(async () => {
    s = await startTestServer();
    token = tokenOf(await s.login('superAdmin'));
  });
  afterAll(async () => s?.close());

  const upload = (body: FormData, t = token, language = 'en-US') =>
    s.fetch('uploads/uiSettingImage', { method: 'POST', token: t, language: language as 'en-US', body });

  it('stores a png and serves it back without a login, under an unguessable key only', async () => {
    const r = await upload(form('logo.png', PNG));
    expect(r.status).toBe(200);
    const url = (r.body.data as { url: string }).url;
    expect(url).toMatch(/^\/api\/public\/branding\/[A-Za-z0-9_-]{43}$/);
    const served = await fetch(`${s.baseUrl}${url}`);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
    const guessed = url.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await fetch(`${s.baseUrl}${guessed}`)).status).toBe(404);
    // the public route serves branding images only: no other file has a key
    const id = (r.body.data as { id: number }).id;
    expect((await fetch(`${s.baseUrl}/api/files/${id}`)).status).toBe(401);
  });

  it('refuses a file whose content is not jpg or png, whatever its name', async () => {
    const r = await upload(form('logo.png', Buffer.from('<svg onload=alert(1)>')));
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('File: only jpg, png files are accepted');
    expect((await upload(form('logo.gif', PNG))).status).toBe(400);
  });

  it('refuses a file over 2 MB without keeping it', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 + 10)]);
    const r = await upload(form('big.png', big), token, 'zh-CN');
    expect(r.status).toBe(413);
    expect(r.body.message).toBe('文件：文件超过2MB');
  });

  it('is for the super admin only', async () => {
    const admin = tokenOf(await s.login('admin'));
    expect((await upload(form('logo.png', PNG), admin)).status).toBe(403);
    expect((await s.fetch('uploads/uiSettingImage', { method: 'POST', body: form('logo.png', PNG) })).status).toBe(401);
  });

  it('takes program images (gif too) up to 3 MB and mp4 videos, streamed to disk', async () => {
    const admin = tokenOf(await s.login('admin'));
    const send = (path: string, name: string, bytes: Buffer) => {
      const f = new FormData();
      f.append('file', new Blob([new Uint8Array(bytes)]), name);
      return s.fetch(path, { method: 'POST', token: admin, body: f });
    };
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(100)]);
    expect((await send('uploads/programImage', 'a.gif', gif)).status).toBe(200);
    expect(
      (await send('uploads/programImage', 'big.png', Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024)]))).status,
    ).toBe(413);
    // An mp4 starts with a box whose type, at byte 4, is 'ftyp'; 20 MB passes through without being buffered.
    const mp4 = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from('ftypisom'),
      Buffer.alloc(20 * 1024 * 1024, 7),
    ]);
    const video = await send('uploads/programVideo', 'clip.mp4', mp4);
    expect(video.status).toBe(200);
    const url = (video.body.data as { url: string }).url;
    expect(url).toMatch(/^\/api\/files\/\d+$/);
    const head = await fetch(`${s.baseUrl}${url}`, { method: 'HEAD', headers: { authorization: `Bearer ${admin}` } });
    expect(head.headers.get('content-type')).toBe('video/mp4');
    expect(Number(head.headers.get('content-length'))).toBe(mp4.length);
    expect((await fetch(`${s.baseUrl}${url}`, { method: 'HEAD' })).status).toBe(401);
    expect((await send('uploads/programVideo', 'clip.mp4', PNG)).status).toBe(400);
    expect((await send('uploads/programVideo', 'clip.avi', mp4)).status).toBe(400);
  });

  it('a UI setting owns the images it names: they go when it goes, or a day after it stops naming them', async () => {
    const root = await s.login('superAdmin');
    const image = (name: string) =>
      root.files.upload('uiSettingImage', new Blob([new Uint8Array(PNG)]), { fileName: name });
    const logo = await image('logo.png');
    const banner = await image('b.png');
    const setting = await root.entities.uiSetting.save({
      host: 'owned.example',
      systemName: 'Owned',
      logoLarge: logo.url,
      appBanners: `${banner.url}`,
    });
    const owners = (...ids: number[]) =>
      s.store.db.selectFrom('files').select(['id', 'ownerId']).where('id', 'in', ids).orderBy('id').execute();
    const shown = async (url: string) => (await fetch(`${s.baseUrl}${url}`)).status;
    expect(await owners(logo.id, banner.id)).toEqual([
      { id: logo.id, ownerId: setting.id },
      { id: banner.id, ownerId: setting.id },
    ]);

    // a new logo: the old one is no longer the setting's, and the sweep takes it a day after its upload
    const newer = await image('logo2.png');
    const stray = await image('never-saved.png');
    const saved = await root.entities.uiSetting.get(setting.id);
    await root.entities.uiSetting.save({ id: setting.id, revision: saved.revision, logoLarge: newer.url });
    expect(await owners(logo.id, newer.id)).toEqual([
      { id: logo.id, ownerId: null },
      { id: newer.id, ownerId: setting.id },
    ]);
    await s.app.jobs.runNow('files-sweep', Date.now());
    expect(await shown(logo.url)).toBe(200);
    expect(await shown(stray.url)).toBe(200);
    await s.app.jobs.runNow('files-sweep', Date.now() + 25 * 3_600_000);
    expect(await shown(logo.url)).toBe(404);
    expect(await shown(stray.url)).toBe(404);
    expect(await shown(newer.url)).toBe(200);
    expect(await shown(banner.url)).toBe(200);

    await root.entities.uiSetting.remove(setting.id);
    expect(await owners(logo.id, banner.id, newer.id)).toEqual([]);
    expect(await shown(newer.url)).toBe(404);
  });

  it('limits the app banners of a UI setting', async () => {
    const root = await s.login('superAdmin');
    const banners = Array.from({ length: 6 }, (_, i) => `/uploads/b${i}.png`).join(',');
    const e = await root.entities.uiSetting
      .save({ host: 'banners.example', systemName: 'B', appBanners: banners })
      .catch((err: Error) => err);
    expect((e as { fieldErrors: { message: string }[] }).fieldErrors[0]?.message).toBe(
      'App banners: at most 5 entries',
    );
  });
});

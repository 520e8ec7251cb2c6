import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, tokenOf, type TestServer } from '../support/server.js';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

function form(name: string, bytes: Buffer, type = 'image/png'): FormData {
  const f = new FormData();
  f.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return f;
}

// Uploads touch the file system, not the store: one dialect is enough.
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

  it('stores a png and serves it back', async () => {
    const r = await upload(form('logo.png', PNG));
    expect(r.status).toBe(200);
    const url = (r.body.data as { url: string }).url;
    expect(url).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
    const served = await fetch(`${s.baseUrl}${url}`);
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
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
    expect(url).toMatch(/\.mp4$/);
    const head = await fetch(`${s.baseUrl}${url}`, { method: 'HEAD' });
    expect(Number(head.headers.get('content-length'))).toBe(mp4.length);
    expect((await send('uploads/programVideo', 'clip.mp4', PNG)).status).toBe(400);
    expect((await send('uploads/programVideo', 'clip.avi', mp4)).status).toBe(400);
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

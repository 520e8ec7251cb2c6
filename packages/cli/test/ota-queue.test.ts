import { stripVTControlCharacters } from 'node:util';
import { render } from 'ink-testing-library';
import { createElement } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  applyOta,
  OTA_APPROVAL,
  rejectOtaApplication,
  uploadOtaProgramFile,
  type LiftCloudClient,
} from '@liftcloud/client';
import { setLanguage } from '../src/i18n/index.js';
import { ReviewQueue } from '../src/ota/ReviewQueue.js';
import { reviewSource } from '../src/ota/source.js';
import { startTestServer, type TestServer } from '../../../tests/support/server.js';
import { hasTmux, tmuxCli } from './helpers/tmux.js';
import { ensureBuilt, tempConfigDir } from './helpers/cli.js';

const until = (check: () => boolean, what: string, frame: () => string) =>
  vi.waitFor(
    () => {
      if (!check()) throw new Error(`timed out waiting for ${what}\n${frame()}`);
    },
    { timeout: 15_000, interval: 20 },
  );

/**
 * `liftctl ota approvals` on a terminal: the Ink review queue over the real server (its API and live channel):
 * arrows move and show the detail, `a` approves, `r` asks for a reason (refused empty) and rejects, an
 * application made elsewhere arrives live, `q` quits.
 */
describe('OTA review queue (ink-testing-library, real server)', () => {
  let s: TestServer;
  let admin: LiftCloudClient;
  let programId = 0;

  beforeAll(async () => {
    setLanguage('en-US');
    s = await startTestServer();
    admin = await s.login('admin');
    const p = await admin.entities.otaProgram.save({
      programName: 'Door controller',
      version: '3.1',
      count: 10,
      isEffective: 1,
      ownedCompanyId: s.demo.companies.manufacturer,
    });
    programId = p.id;
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(Buffer.from('firmware'.repeat(50)))]), 'door.bin');
    await admin.call(uploadOtaProgramFile, { params: { id: p.id }, body: form });
  });
  afterAll(async () => s?.close());

  const apply = (n: number) => admin.call(applyOta, { body: { programId, applyNumber: n } });

  it('moves, shows the detail, approves, rejects with a typed reason, and refreshes live', async () => {
    const first = await apply(2);
    const second = await apply(3);
    const session = admin.session.get()!;
    const source = reviewSource((request) => request(), admin, {
      server: s.baseUrl,
      token: session.token,
      username: session.username,
      orgId: session.orgId ?? null,
    });
    const app = render(createElement(ReviewQueue, { source }));
    const frame = () => stripVTControlCharacters(app.lastFrame() ?? '');
    const wait = (check: () => boolean, what: string) => until(check, what, frame);
    try {
      await wait(() => frame().includes('OTA applications waiting for a decision (2)'), 'the two applications');
      expect(frame()).toContain(`› #${first.id} Door controller ×2`);
      expect(frame()).toContain('Applied count: 2');
      expect(frame()).toContain('Remaining count: 10');
      expect(frame()).toContain('↑↓ move · a approve · r reject · q quit');

      app.stdin.write('\u001b[B');
      await wait(() => frame().includes(`› #${second.id}`), 'the second selected');
      expect(frame()).toContain('Applied count: 3');

      // approve the second: gone from the queue, the server has it approved, the program's remaining count fell
      app.stdin.write('a');
      await wait(() => frame().includes(`Application ${second.id} approved`), 'the approval');
      await wait(() => frame().includes('(1)'), 'one left');
      expect(frame()).toContain('Remaining count: 7');
      expect((await admin.entities.otaApplication.get(second.id)).approvalStatus).toBe(OTA_APPROVAL.approved);

      // reject the first: an empty reason is refused, a typed one is sent
      app.stdin.write('r');
      await wait(() => frame().includes(`Reject reason for ${first.id}:`), 'the reason prompt');
      app.stdin.write('\r');
      await wait(() => frame().includes('Reject reason: required'), 'the empty reason refused');
      for (const ch of 'wrong versionX') app.stdin.write(ch);
      app.stdin.write('\u007f'); // backspace takes the X back
      await wait(() => frame().includes(`Reject reason for ${first.id}: wrong version_`), 'the typed reason');
      app.stdin.write('\r');
      await wait(() => frame().includes(`Application ${first.id} rejected`), 'the rejection');
      await wait(() => frame().includes('No application is waiting'), 'the empty queue');
      expect(await admin.entities.otaApplication.get(first.id)).toMatchObject({
        approvalStatus: OTA_APPROVAL.rejected,
        rejectReason: 'wrong version',
      });

      // an application made elsewhere arrives on the live channel
      const third = await apply(1);
      await wait(() => frame().includes(`#${third.id} Door controller ×1`), 'the new application, live');
      expect(frame()).toContain('1 new application(s)');

      // a decision taken elsewhere meanwhile: the queue says what the server said
      await admin.call(rejectOtaApplication, {
        params: { id: third.id },
        body: { reason: 'elsewhere' },
      });
      await wait(() => frame().includes('No application is waiting'), 'the decided one gone, live');
    } finally {
      app.stdin.write('q');
      app.unmount();
    }
  });

  describe.skipIf(!hasTmux)('in a real terminal (tmux)', () => {
    it('liftctl ota approvals opens the queue on a terminal; a approves; q exits 0', { timeout: 90_000 }, async () => {
      ensureBuilt();
      const pending = await apply(1);
      const token = (await admin.tokens.create('ota-queue-tmux')).token;
      const term = tmuxCli(['ota', 'approvals'], {
        LIFTCTL_CONFIG_DIR: tempConfigDir(),
        LIFTCTL_SERVER: s.baseUrl,
        LIFTCTL_TOKEN: token,
      });
      try {
        await term.waitFor(`#${pending.id} Door controller`);
        term.keys('a');
        await term.waitFor(`Application ${pending.id} approved`);
        term.keys('q');
        expect(await term.exitCode()).toBe(0);
        expect((await admin.entities.otaApplication.get(pending.id)).approvalStatus).toBe(OTA_APPROVAL.approved);
      } finally {
        term.kill();
      }
    });
  });
});

import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../tests/support/server.js';
import type { LooseDB } from '../../server/src/store/repository.js';
import { ensureBuilt, tempConfigDir } from './helpers/cli.js';
import { tmuxCli } from './helpers/tmux.js';

/** A list whose total the server estimated (past its exact limit) says "about" in liftctl's page line. */
describe('liftctl list with an estimated total', () => {
  let s: TestServer;
  let env: Record<string, string>;

  beforeAll(async () => {
    ensureBuilt();
    s = await startTestServer({ app: { exactTotalLimit: 20 } });
    const admin = await s.login('admin');
    env = {
      LIFTCTL_CONFIG_DIR: tempConfigDir(),
      LIFTCTL_SERVER: s.baseUrl,
      LIFTCTL_TOKEN: (await admin.tokens.create('estimate-tests')).token,
    };
    const now = Date.now();
    const rows = Array.from({ length: 300 }, (_, i) => ({
      tenantId: s.demo.tenants.demo,
      orgId: s.demo.companies.useUnit!,
      no: `EST-${i}`,
      name: `Estimate ${i}`,
      type: 'Office',
      region: 'Ningbo Haishu',
      address: `${i} Estimate Road`,
      longitude: 121,
      latitude: 31,
      owner: 'Owner',
      createTime: now,
      updateTime: now,
    }));
    await (s.store.db as unknown as Kysely<LooseDB>).insertInto('useUnits').values(rows).execute();
  });
  afterAll(async () => s?.close());

  // the page line is for a person: it goes to a terminal's stderr only, so the commands run in tmux
  const screenOf = async (args: string[], lang: string, expected: RegExp | string) => {
    const term = tmuxCli(args, { ...env, LANG: lang }, { columns: 160, rows: 40 });
    try {
      await term.waitFor(expected);
      expect(await term.exitCode()).toBe(0);
      return term.screen();
    } finally {
      term.kill();
    }
  };

  it('prints the estimate as such in each language, and the exact count when under the limit', async () => {
    const en = await screenOf(['use-unit', 'list', '--region', 'haishu'], 'en_US.UTF-8', /Page 1 of about/);
    expect(en).toMatch(/Page 1 of about [\d,]+, about [\d,]+ records \(estimated\)/);
    const zh = await screenOf(['use-unit', 'list', '--region', 'haishu'], 'zh_CN.UTF-8', /估算/);
    expect(zh).toMatch(/约 [\d,]+ 条（估算）/);
    const exact = await screenOf(['use-unit', 'list', '--name', 'Estimate 299'], 'en_US.UTF-8', /Page 1 of/);
    expect(exact).toContain('Page 1 of 1, 1 records');
    expect(exact).not.toContain('about');
  });
});

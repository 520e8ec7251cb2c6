import type { LiftCloudClient } from '@liftcloud/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../tests/support/server.js';
import { ensureBuilt, runCli, tempConfigDir } from './helpers/cli.js';

/**
 * `--set companyId=<name>`: a reference may be given by the name of the record it points at; the target comes from
 * the field's definition (companyId → company, roleIds → role), the lookup from the records the caller sees.
 */
describe('liftctl looks references up by name', () => {
  let s: TestServer;
  let admin: LiftCloudClient;
  let run: (args: string[], input?: string) => ReturnType<typeof runCli>;

  beforeAll(async () => {
    ensureBuilt();
    s = await startTestServer();
    admin = await s.login('admin');
    const { token } = await admin.tokens.create('cli-names');
    const env = { LIFTCTL_CONFIG_DIR: tempConfigDir(), LIFTCTL_SERVER: s.baseUrl, LIFTCTL_TOKEN: token };
    run = (args, input) => runCli(args, { env, input });
  });
  afterAll(async () => s?.close());

  const newUser = (username: string) => [
    'user',
    'create',
    '-f',
    '-',
    '--set',
    `username=${username}`,
    '--set',
    'name=Named Refs',
    '--set',
    'phone=13900000077',
    '--set',
    'user-type=2',
    '--set',
    'maintainer=false',
  ];
  const password = '{"password":"Secret2026x"}';

  it('takes a company and roles by name, as ids would be, on create and update', async () => {
    const dry = await run(
      [
        ...newUser('named.refs'),
        '--set',
        'company-id=swift lift north branch',
        '--set',
        'role-ids=Viewer',
        '--dry-run',
      ],
      password,
    );
    expect(dry.code, dry.stderr).toBe(0);
    expect(JSON.parse(dry.stdout)).toMatchObject({
      companyId: s.demo.companies.maintenanceNorth,
      roleIds: [s.demo.roles.viewer],
    });
    const created = await run(
      [...newUser('named.refs'), '--set', 'company-id=Swift Lift North Branch', '--set', 'role-ids=Viewer'],
      password,
    );
    expect(created.code, created.stderr).toBe(0);
    const id = Number(created.stdout.trim());
    expect(await admin.entities.user.get(id)).toMatchObject({
      companyId: s.demo.companies.maintenanceNorth,
      roleIds: [s.demo.roles.viewer],
    });
    const moved = await run(['user', 'update', String(id), '--set', 'company-id=Swift Lift Maintenance']);
    expect(moved.code, moved.stderr).toBe(0);
    expect((await admin.entities.user.get(id)).companyId).toBe(s.demo.companies.maintenance);
    // an id is still an id
    const byId = await run(['user', 'update', String(id), '--set', `company-id=${s.demo.companies.maintenanceNorth}`]);
    expect(byId.code, byId.stderr).toBe(0);
    expect((await admin.entities.user.get(id)).companyId).toBe(s.demo.companies.maintenanceNorth);
  });

  it('refuses a name no record has, naming near ones, and a name two records have, naming their ids', async () => {
    const unknown = await run(
      [...newUser('named.none'), '--set', 'company-id=Swift', '--set', 'role-ids=Viewer'],
      password,
    );
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("companyId: no Company is named 'Swift'");
    expect(unknown.stderr).toContain(`Swift Lift Maintenance (${s.demo.companies.maintenance})`);

    const twins = [];
    for (const no of ['TWIN-1', 'TWIN-2'])
      twins.push(await admin.entities.company.save({ no, name: 'Twin Co', type: 7 }));
    const twin = await run([
      'company',
      'create',
      '--set',
      'no=TWIN-3',
      '--set',
      'name=Third',
      '--set',
      'type=7',
      '--set',
      'parent-id=Twin Co',
    ]);
    expect(twin.code).toBe(2);
    expect(twin.stderr).toContain(
      `parentId: 2 Company records are named 'Twin Co' (ids ${twins
        .map((c) => c.id)
        .sort((a, b) => b - a)
        .join(', ')}): give the id`,
    );
    expect((await admin.entities.company.list({ no: 'TWIN-3' })).total).toBe(0);
  });

  it('never finds another tenant’s record by its name', async () => {
    const coastal = await run(
      [...newUser('named.coastal'), '--set', 'company-id=Coastal Lifts Ltd', '--set', 'role-ids=Viewer'],
      password,
    );
    expect(coastal.code).toBe(2);
    expect(coastal.stderr).toContain("no Company is named 'Coastal Lifts Ltd'");
    expect((await admin.entities.user.list({ username: 'named.coastal' })).total).toBe(0);
  });

  it('says it in the profile language', async () => {
    await run(['profile', 'set', '--language', 'zh-CN']);
    const zh = await run([...newUser('named.zh'), '--set', 'company-id=Nobody', '--set', 'role-ids=Viewer'], password);
    await run(['profile', 'set', '--language', 'en-US']);
    expect(zh.code).toBe(2);
    expect(zh.stderr).toContain('没有名为“Nobody”的企业');
  });
});

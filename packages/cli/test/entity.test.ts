import { ENTITIES } from '@liftcloud/client';
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { tableColumns, wideColumns } from '../src/commands/entity/columns.js';
import { entityDef } from '../src/commands/entity/definition.js';
import { addFilterOptions } from '../src/commands/entity/filters.js';
import { queryFrom } from '../src/commands/entity/query.js';
import { registerEntity } from '../src/commands/entity/index.js';
import { registerUnlistedEntities } from '../src/commands/entity/unlisted.js';
import { valuesFromPairs } from '../src/commands/entity/values.js';
import { ENTITY_COMMANDS } from '../src/entities/manifest.js';
import { CliError } from '../src/errors.js';
import { setLanguage } from '../src/i18n/index.js';

setLanguage('en-US');

describe('entity commands', () => {
  /**
   * Every entry of the manifest `--help` reads must still be a client entity with that label (a removed or
   * renamed entity would be a broken command). An entity the manifest does not list yet is only reported:
   * its commands work (next test) and other teams adding entities must not turn this suite red; run
   * `npm run gen:manifest -w @liftcloud/cli` to list it in --help.
   */
  it('the manifest --help reads agrees with the client ENTITIES', () => {
    const kebab = (s: string) => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
    const byName = new Map(Object.values(ENTITIES).map((e) => [e.name, e]));
    for (const entry of ENTITY_COMMANDS) {
      const entity = byName.get(entry.entity);
      expect(entity, `${entry.entity} is gone from the client: regenerate the manifest`).toBeDefined();
      const { command, label } = entry;
      expect({ command, label }).toEqual({ command: kebab(entry.entity), label: entity?.label });
    }
    const commands = ENTITY_COMMANDS.map((e) => e.command);
    expect([...commands].sort((a, b) => a.localeCompare(b))).toEqual(commands);
    const unlisted = [...byName.keys()].filter((name) => !ENTITY_COMMANDS.some((e) => e.entity === name));
    if (unlisted.length) console.warn(`liftctl --help does not list ${unlisted.join(', ')} yet: npm run gen:manifest`);
    expect(commands).toEqual(
      expect.arrayContaining(['company', 'use-unit', 'quality-body', 'message-record', 'login-log', 'access-token']),
    );
  });

  it('entities newer than the manifest still get their commands, each entity once', async () => {
    const program = new Command();
    for (const e of ENTITY_COMMANDS) registerEntity(program, await e.shape(), e.command);
    registerUnlistedEntities(program);
    const kebab = (s: string) => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
    const names = program.commands.map((c) => c.name());
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual(Object.keys(ENTITIES).map(kebab).sort());
  });

  it('records the server keeps get no create, update or delete (the server has none for them)', async () => {
    const program = new Command();
    for (const e of ENTITY_COMMANDS) registerEntity(program, await e.shape(), e.command);
    const subcommands = (name: string) =>
      program.commands.find((c) => c.name() === name)?.commands.map((c) => c.name());
    expect(subcommands('work-order')).toEqual(['list', 'get', 'export']);
    expect(subcommands('alarm-record')).toEqual(['list', 'get', 'export']);
    for (const e of ENTITY_COMMANDS) {
      const writes = subcommands(e.command)?.filter((n) => ['create', 'update', 'delete'].includes(n));
      expect(writes, e.command).toEqual(entityDef(e.entity).readOnly ? [] : ['create', 'update', 'delete']);
    }
  });

  it('each entity gets list, get, create, update, delete and export', async () => {
    const program = new Command();
    for (const e of ENTITY_COMMANDS) registerEntity(program, await e.shape(), e.command);
    const company = program.commands.find((c) => c.name() === 'company');
    expect(company?.commands.map((c) => c.name())).toEqual(['list', 'get', 'create', 'update', 'delete', 'export']);
    const list = company?.commands.find((c) => c.name() === 'list');
    expect(list?.options.map((o) => o.long)).toEqual([
      '--no',
      '--name',
      '--type',
      '--parent-id',
      '--page-no',
      '--page-size',
      '--all',
    ]);
    const loginLog = program.commands.find((c) => c.name() === 'login-log')?.commands.find((c) => c.name() === 'list');
    expect(loginLog?.options.map((o) => o.long)).toContain('--login-time-start');
    expect(loginLog?.options.map((o) => o.long)).toContain('--login-time-end');
  });

  it('filters become a typed query checked like the server checks it', () => {
    const company = entityDef('company');
    const cmd = addFilterOptions(new Command(), company).exitOverride();
    cmd.parse(['--name', 'Harbour', '--type', 'Maintenance company', '--page-size', '50'], { from: 'user' });
    expect(queryFrom(company, cmd.opts())).toEqual({ name: 'Harbour', type: 2, pageNo: 1, pageSize: 50 });
    expect(() => queryFrom(company, { type: '99' })).toThrow(CliError);
    const loginLog = entityDef('loginLog');
    expect(() => queryFrom(loginLog, { loginTimeStart: 'yesterday' })).toThrow(CliError);
    expect(queryFrom(loginLog, { loginTimeStart: '2026-01-01 00:00:00' })).toMatchObject({
      loginTimeStart: '2026-01-01 00:00:00',
    });
  });

  it('--set values take the field type; unknown keys and bad values are usage errors', () => {
    const user = entityDef('user');
    expect(
      valuesFromPairs(user, [
        'username=ops01',
        'role-ids=1,2',
        'maintainer=true',
        'user-type=1',
        'mail=',
        'company-id=4',
      ]),
    ).toEqual({ username: 'ops01', roleIds: [1, 2], maintainer: true, userType: 1, mail: null, companyId: 4 });
    for (const bad of [
      'nokey',
      'colour=red',
      'maintainer=maybe',
      'company-id=x',
      'user-type=42',
      'password=Secret123',
    ]) {
      try {
        valuesFromPairs(user, [bad]);
        expect.unreachable(bad);
      } catch (e) {
        expect((e as CliError).exitCode).toBe(2);
      }
    }
  });

  it('tables show short fields with labels; wide shows them all', () => {
    const announcement = entityDef('announcement');
    expect(tableColumns(announcement).map((c) => c.key)).toEqual(['id', 'title', 'pinned', 'publisher', 'publishTime']);
    expect(wideColumns(announcement).map((c) => c.key)).toContain('content');
    const user = entityDef('user');
    expect(wideColumns(user).map((c) => c.key)).not.toContain('password');
    const type = tableColumns(entityDef('company')).find((c) => c.key === 'type');
    expect(type?.display?.({ type: 2 })).toBe('Maintenance company');
  });
});

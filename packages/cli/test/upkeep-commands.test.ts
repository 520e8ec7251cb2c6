import { Command } from 'commander';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerEntity } from '../src/commands/entity/index.js';
import { ENTITY_COMMANDS } from '../src/entities/manifest.js';
import { setLanguage } from '../src/i18n/index.js';

setLanguage('en-US');

/** Issues 13 and 14: liftctl's entity commands for every upkeep entity, from their definitions. */
describe('upkeep entity commands', () => {
  const program = new Command();
  beforeAll(async () => {
    for (const e of ENTITY_COMMANDS) registerEntity(program, await e.shape(), e.command);
  });
  const commandsOf = (name: string) => program.commands.find((c) => c.name() === name)?.commands.map((c) => c.name());

  it('each maintenance and upkeep entity has list, get, create, update, delete and export', () => {
    for (const name of [
      'maintenance-type',
      'maintenance-plan',
      'maintenance-setting',
      'maintenance-order',
      'spot-check',
      'old-maintenance-order',
      'contract',
      'inspection',
      'safety-check',
      'mod-sales-order',
    ])
      expect(commandsOf(name), name).toEqual(expect.arrayContaining(['list', 'get', 'create', 'update', 'delete']));
  });

  it('entities with files have attachments, attach and download', () => {
    for (const name of ['contract', 'inspection', 'safety-check', 'maintenance-order', 'old-maintenance-order'])
      expect(commandsOf(name), name).toEqual(expect.arrayContaining(['attachments', 'attach', 'download']));
  });

  it('the old-style order lists by status, company, worker and maintenance date', () => {
    const list = program.commands
      .find((c) => c.name() === 'old-maintenance-order')
      ?.commands.find((c) => c.name() === 'list');
    expect(list?.options.map((o) => o.long)).toEqual(
      expect.arrayContaining(['--order-no', '--status', '--company-id', '--worker1-id']),
    );
  });
});

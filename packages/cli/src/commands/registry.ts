import type { Command } from 'commander';
import { ENTITY_COMMANDS } from '../entities/manifest.js';
import { currentLanguage, t } from '../i18n/index.js';

/** A top-level command: its name and summary are known up front; its module loads only when it runs. */
export interface CommandSpec {
  name: string;
  summary(): string;
  /** The help section it is listed under, when not the general one. */
  group?(): string;
  /** Adds the full command (options, subcommands, actions) to the program. */
  load(): Promise<(program: Command) => void>;
}

const fixed: CommandSpec[] = [
  { name: 'login', summary: () => t('cmd.login'), load: async () => (await import('./login.js')).register },
  { name: 'logout', summary: () => t('cmd.logout'), load: async () => (await import('./logout.js')).register },
  { name: 'auth', summary: () => t('cmd.auth'), load: async () => (await import('./auth.js')).register },
  { name: 'token', summary: () => t('cmd.token'), load: async () => (await import('./token.js')).register },
  { name: 'profile', summary: () => t('cmd.profile'), load: async () => (await import('./profile.js')).register },
  { name: 'org', summary: () => t('cmd.org'), load: async () => (await import('./org.js')).register },
  { name: 'import', summary: () => t('cmd.import'), load: async () => (await import('./import.js')).register },
  { name: 'alarms', summary: () => t('cmd.alarms'), load: async () => (await import('./alarms.js')).register },
  {
    name: 'work-orders',
    summary: () => t('cmd.wo'),
    load: async () => (await import('./work-orders.js')).register,
  },
  { name: 'maint', summary: () => t('cmd.maint'), load: async () => (await import('./maint.js')).register },
  { name: 'webhook', summary: () => t('cmd.webhook'), load: async () => (await import('./webhook.js')).register },
  { name: 'message', summary: () => t('cmd.message'), load: async () => (await import('./message.js')).register },
  { name: 'ota', summary: () => t('cmd.ota'), load: async () => (await import('./ota.js')).register },
  { name: 'light', summary: () => t('cmd.light'), load: async () => (await import('./light.js')).register },
  { name: 'report', summary: () => t('cmd.report'), load: async () => (await import('./report.js')).register },
  { name: 'stats', summary: () => t('cmd.stats'), load: async () => (await import('./report.js')).registerStats },
  { name: 'health', summary: () => t('cmd.health'), load: async () => (await import('./health.js')).register },
  { name: 'eocd', summary: () => t('cmd.eocd'), load: async () => (await import('./eocd.js')).register },
  {
    name: 'gateway',
    summary: () => t('cmd.gateway'),
    load: async () => {
      const [tests, pushStats] = await Promise.all([import('./gateway.js'), import('./gateway-push-stats.js')]);
      return (program: Command) => {
        tests.register(program);
        pushStats.registerPushStats(program.commands.find((c) => c.name() === 'gateway')!);
      };
    },
  },
  { name: 'simulate', summary: () => t('cmd.simulate'), load: async () => (await import('./simulate.js')).register },
  {
    name: 'dashboard',
    summary: () => t('cmd.dashboard'),
    load: async () => (await import('./dashboard.js')).register,
  },
  {
    name: 'completion',
    summary: () => t('cmd.completion'),
    load: async () => (await import('./completion.js')).register,
  },
];

/**
 * One command per entity of the client's ENTITIES (through the generated manifest), all built by entity/ from
 * the entity's generated shape, not its definition: the client's schemas load only for what needs them.
 */
const entities: CommandSpec[] = ENTITY_COMMANDS.map((e) => ({
  name: e.command,
  summary: () => e.label[currentLanguage()],
  group: () => t('help.records'),
  load: async () => {
    const [{ registerEntity }, shape] = await Promise.all([import('./entity/index.js'), e.shape()]);
    return (program: Command) => registerEntity(program, shape, e.command);
  },
}));

export const COMMANDS: readonly CommandSpec[] = [...fixed, ...entities];

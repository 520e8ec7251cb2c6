import type { Command } from 'commander';
import type { Context } from '../context.js';
import { CliError } from '../errors.js';
import { EXIT } from '../exit-codes.js';
import { t } from '../i18n/index.js';
import type { ChannelNotice, ReconnectPolicy } from '../live/channel.js';
import { channelError, liveSession, reconnectPolicy, type LiveSession } from '../live/session.js';
import { setQuiet } from '../output/messages.js';
import { terminal } from '../output/terminal.js';
import { contextFor } from './options.js';

/** Refuses without a terminal (a full-screen view needs one) and says which commands give the same data to scripts. */
export function requireTerminal(): void {
  const term = terminal();
  if (!term.stdoutIsTTY || !term.stdinIsTTY)
    throw new CliError(t('dash.noTty'), EXIT.usage, [
      'liftctl alarms tail -o jsonl',
      'liftctl gateway-device list --all -o json',
      'liftctl work-orders list --all -o json',
    ]);
}

export function register(program: Command): void {
  program
    .command('dashboard')
    .description(t('cmd.dashboard'))
    .option('--refresh <seconds>', t('opt.refresh'), '10')
    .option('--max-retries <n>', t('opt.maxRetries'))
    .action(async (opts: { refresh: string; maxRetries?: string }, cmd: Command) => {
      requireTerminal();
      const started = performance.now();
      const ctx = await contextFor(cmd);
      const refreshMs = Math.max(1, Number(opts.refresh) || 10) * 1000;
      const reconnect = reconnectPolicy(opts.maxRetries);
      const session = await liveSession(ctx);
      await runDashboard(ctx, session, refreshMs, started, reconnect);
    });
}

async function runDashboard(
  ctx: Context,
  session: LiveSession,
  refreshMs: number,
  started: number,
  reconnect: ReconnectPolicy,
): Promise<void> {
  // Ink and React load only here, never on the start path.
  const [{ render }, { createElement }, { Dashboard, DashboardInterrupted }, { serverSource }] = await Promise.all([
    import('ink'),
    import('react'),
    import('../dashboard/App.js'),
    import('../dashboard/source.js'),
  ]);
  const client = await ctx.authedClient();
  const server = serverSource(ctx, client, session, reconnect);
  // A channel that ends for good (session revoked, login refused, reconnects spent) ends the view with its error.
  let ended: ChannelNotice | null = null;
  let leave = () => undefined as void;
  const source: typeof server = {
    ...server,
    subscribe: (onFrame, onNotice) =>
      server.subscribe(onFrame, (notice) => {
        onNotice(notice);
        if (notice.kind === 'revoked' || notice.kind === 'refused' || notice.kind === 'gaveUp') {
          ended = notice;
          leave();
        }
      }),
  };
  let firstPaintMs = 0;
  // performance.now() counts from the start of the process: the figure includes Node, liftctl and the login check.
  const onFirstPaint = () => (firstPaintMs = performance.now());
  // Full screen: the alternate screen buffer, restored on the way out.
  process.stdout.write('\u001b[?1049h\u001b[H');
  setQuiet(true);
  const restore = () => {
    setQuiet(false);
    process.stdout.write('\u001b[?1049l');
  };
  process.removeAllListeners('SIGINT');
  // Ctrl-C reaches the view as a key (raw mode); a SIGINT sent from outside ends it the same way.
  const app = render(createElement(Dashboard, { source, refreshMs, onFirstPaint }), { exitOnCtrlC: false });
  let code: number = EXIT.ok;
  process.once('SIGINT', () => app.unmount(new DashboardInterrupted()));
  leave = () => app.unmount();
  try {
    await app.waitUntilExit();
  } catch (error) {
    if (!(error instanceof DashboardInterrupted)) throw error;
    code = EXIT.interrupt;
  } finally {
    app.cleanup();
    restore();
  }
  if (process.env.LIFTCTL_TIMING)
    process.stderr.write(
      `first paint ${Math.round(firstPaintMs)} ms after start (${Math.round(firstPaintMs - started)} ms in the command)\n`,
    );
  const error = channelError(ended);
  if (error) throw error;
  // The live channel and refresh timers are gone with the view; nothing else keeps the process.
  process.exit(code);
}

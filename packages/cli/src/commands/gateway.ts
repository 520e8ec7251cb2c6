import { GATEWAY_TEST, gatewayTestRules, translate, type Issue } from '@liftcloud/client';
import type { Command } from 'commander';
import { CliError } from '../errors.js';
import { EXIT } from '../exit-codes.js';
import { currentLanguage, t } from '../i18n/index.js';
import { channelError, liveSession, openChannel } from '../live/session.js';
import { say } from '../output/messages.js';
import { writeTo } from '../output/stream.js';
import { green, red, bold } from '../output/style.js';
import { terminal } from '../output/terminal.js';
import { contextFor } from './options.js';

export type GatewayTestState = 'waiting' | 'running' | 'passed' | 'failed';

export interface GatewayTestResult {
  dtu: string;
  state: GatewayTestState;
  /** Live frames the gateway sent during its window (status, fault, alarm, gateway). */
  messages: number;
  startedAt: number | null;
  endedAt: number | null;
  /** Why it failed without a test: not registered, the time limit reached. */
  note: string | null;
}

interface GatewayTestOptions {
  minutesEach: string;
  maxHours: string;
  pass: string;
}

/** The issues of gatewayTestRules as sentences, naming the DTU each one is about. */
function issueLines(issues: Issue[], codes: string[]): string[] {
  const language = currentLanguage();
  return issues.map((issue) => {
    const m = /^dtuCodes\.(\d+)$/.exec(issue.field);
    const field =
      m !== null ? `DTU ${codes[Number(m[1])] ?? ''}` : issue.field === 'dtuCodes' ? 'DTU' : `--${flagOf(issue.field)}`;
    return translate(language, issue.rule, { ...issue.params, field });
  });
}
const flagOf = (field: string) => (field === 'testTime' ? 'max-hours' : field === 'passBenchmark' ? 'pass' : field);

/** Validate everything before anything runs: the client's gateway test rules, then the window sizes. */
export function checkGatewayTest(codes: string[], opts: GatewayTestOptions) {
  const minutesEach = Number(opts.minutesEach);
  const maxHours = Number(opts.maxHours);
  const issues = gatewayTestRules({ dtuCodes: codes, testTime: maxHours * 60, passBenchmark: opts.pass });
  // The rule measures the total against 5-minute tests; with --minutes-each the check below is the one that holds.
  const relevant =
    minutesEach === GATEWAY_TEST.eachTestMs / 60_000
      ? issues
      : issues.filter((i) => i.rule !== 'rule.gatewayTestTooShort');
  const lines = issueLines(relevant, codes);
  if (!(minutesEach > 0)) lines.push(t('gw.badMinutes', { value: opts.minutesEach }));
  else if (Number.isFinite(maxHours) && codes.length * minutesEach > maxHours * 60)
    lines.push(t('gw.tooLong', { count: codes.length, minutes: minutesEach, hours: maxHours }));
  if (lines.length) throw new CliError(t('gw.invalid'), EXIT.usage, lines);
  return { minutesEach, maxHours, pass: Number(opts.pass) };
}

const fmtSeconds = (ms: number) => {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return s >= 60 ? `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s` : `${s}s`;
};

/** The live table: one row per DTU, its state, the messages so far and the time left in its window. */
export function renderProgress(
  results: GatewayTestResult[],
  windowMs: number,
  color: boolean,
  now = Date.now(),
): string {
  const head = [t('gw.col.dtu'), t('gw.col.state'), t('gw.col.messages'), t('gw.col.time')];
  const rows = results.map((r) => {
    const state =
      r.state === 'passed'
        ? green(t('gw.passed'), color)
        : r.state === 'failed'
          ? red(t('gw.failed'), color)
          : r.state === 'running'
            ? bold(t('gw.running'), color)
            : t('gw.waiting');
    const plain =
      r.state === 'passed'
        ? t('gw.passed')
        : r.state === 'failed'
          ? t('gw.failed')
          : r.state === 'running'
            ? t('gw.running')
            : t('gw.waiting');
    const time =
      r.state === 'running' && r.startedAt !== null
        ? t('gw.left', { time: fmtSeconds(r.startedAt + windowMs - now) })
        : (r.note ?? '');
    return {
      cells: [r.dtu, state, String(r.messages), time],
      widths: [r.dtu.length, plain.length, String(r.messages).length, time.length],
    };
  });
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r.widths[i] ?? 0)));
  const line = (cells: string[], lens: number[]) =>
    cells
      .map((c, i) => c + ' '.repeat(Math.max(0, (widths[i] ?? 0) - (lens[i] ?? 0))))
      .join('  ')
      .trimEnd();
  return (
    [
      line(
        head.map((h) => bold(h, color)),
        head.map((h) => h.length),
      ),
      ...rows.map((r) => line(r.cells, r.widths)),
    ].join('\n') + '\n'
  );
}

export function register(program: Command): void {
  const gateway = program.command('gateway').description(t('cmd.gateway'));
  gateway
    .command('test')
    .argument('<dtu...>', t('arg.dtus', { max: GATEWAY_TEST.maxBatch }))
    .description(t('cmd.gateway.test'))
    .option('--minutes-each <m>', t('opt.minutesEach'), String(GATEWAY_TEST.eachTestMs / 60_000))
    .option('--max-hours <h>', t('opt.maxHours'), String(GATEWAY_TEST.maxTotalMs / 3_600_000))
    .option('--pass <n>', t('opt.pass'), '1')
    .action(async (codes: string[], opts: GatewayTestOptions, cmd: Command) => {
      const ctx = await contextFor(cmd);
      const { minutesEach, maxHours, pass } = checkGatewayTest(codes, opts);
      const windowMs = minutesEach * 60_000;
      const deadline = Date.now() + maxHours * 3_600_000;
      const format = ctx.format();
      const term = terminal();
      const live = format === 'table' && term.stdoutIsTTY;
      const results: GatewayTestResult[] = codes.map((dtu) => ({
        dtu: dtu.trim(),
        state: 'waiting',
        messages: 0,
        startedAt: null,
        endedAt: null,
        note: null,
      }));

      // A DTU nobody registered cannot report: it fails at once rather than after its window.
      const registered = await ctx.call(async (client) => {
        const known = new Set<string>();
        for (const r of results)
          if ((await client.entities.gatewayDevice.list({ dtuCode: r.dtu })).records.length) known.add(r.dtu);
        return known;
      });
      const session = await liveSession(ctx);
      let current: GatewayTestResult | null = null;
      const channel = openChannel(session, (frame) => {
        if (current && frame.data.dtu === current.dtu) current.messages++;
      });

      let drawn = 0;
      const draw = () => {
        if (!live) return;
        const text = renderProgress(results, windowMs, term.color);
        process.stdout.write(`${drawn ? `\u001b[${drawn}A\u001b[0J` : ''}${text}`);
        drawn = text.split('\n').length - 1;
      };
      const finished = async (r: GatewayTestResult) => {
        if (live) return;
        if (format === 'jsonl') await writeTo(process.stdout, `${JSON.stringify(r)}\n`);
        else if (format === 'table' || format === 'wide')
          await writeTo(
            process.stdout,
            `${r.dtu}  ${r.state === 'passed' ? t('gw.passed') : t('gw.failed')}  ${t('gw.count', { count: r.messages })}${r.note ? `  ${r.note}` : ''}\n`,
          );
      };
      const redraw = setInterval(draw, 500);
      draw();
      let lost: ReturnType<typeof channelError> = null;
      void channel.done.then((n) => (lost = channelError(n)));
      try {
        for (const r of results) {
          if (lost) throw lost;
          if (!registered.has(r.dtu)) {
            Object.assign(r, { state: 'failed', note: t('gw.unknown') });
          } else if (Date.now() + windowMs > deadline) {
            Object.assign(r, { state: 'failed', note: t('gw.timeLimit') });
          } else {
            current = r;
            r.state = 'running';
            r.startedAt = Date.now();
            if (!live && term.stderrIsTTY) say.info(t('gw.testing', { dtu: r.dtu, minutes: minutesEach }));
            await new Promise((resolve) => setTimeout(resolve, windowMs));
            current = null;
            r.endedAt = Date.now();
            r.state = r.messages >= pass ? 'passed' : 'failed';
          }
          draw();
          await finished(r);
        }
      } finally {
        clearInterval(redraw);
        channel.close();
      }
      draw();
      const passed = results.filter((r) => r.state === 'passed').length;
      const summary = { total: results.length, passed, failed: results.length - passed, pass, minutesEach, results };
      if (format === 'json') await writeTo(process.stdout, `${JSON.stringify(summary, null, 2)}\n`);
      else if (format === 'yaml') await writeTo(process.stdout, (await import('yaml')).stringify(summary));
      say.info(t('gw.summary', { passed, total: results.length }));
      if (passed < results.length) process.exitCode = EXIT.partial;
    });
}

import '../client-messages.js';
import {
  GATEWAY_TEST,
  enumLabel,
  gatewayResultRunning,
  gatewayTestActive,
  gatewayTestReason,
  gatewayTestRules,
  translate,
  type GatewayTestDetail,
  type GatewayTestResult as ServerResult,
  type Issue,
} from '@liftcloud/client';
import type { Command } from 'commander';
import { CliError, isApiError } from '../errors.js';
import { EXIT } from '../exit-codes.js';
import { onExit } from '../exit-hooks.js';
import { currentLanguage, t } from '../i18n/index.js';
import { say } from '../output/messages.js';
import { writeTo } from '../output/stream.js';
import { green, red, bold } from '../output/style.js';
import { terminal } from '../output/terminal.js';
import { displayWidth, padEnd } from '../output/width.js';
import { parseId } from './entity/ids.js';
import { contextFor } from './options.js';
import type { Context as CommandContext } from '../context.js';
import { writeRecord } from '../output/records.js';
import { renderTable } from '../output/table.js';
import type { Column } from '../output/columns.js';
import { wideColumns } from './entity/columns.js';
import { entityDef, notFoundAsMessage } from './entity/definition.js';

export type GatewayTestState = 'waiting' | 'running' | 'passed' | 'failed' | 'untested';

/** One gateway of a test as the CLI shows and prints it. */
export interface GatewayTestResult {
  dtu: string;
  state: GatewayTestState;
  /** Live messages the gateway pushed in its window (status, fault, alarm). */
  messages: number;
  statusCount: number;
  faultCount: number;
  alarmCount: number;
  onlineSeen: boolean;
  /** The window, as the server gives it (the caller's time zone). */
  windowStart: string | null;
  windowEnd: string | null;
  /** When this CLI first saw the window running, for the time left. */
  startedAt: number | null;
  /** Why it did not pass (no message, below the benchmark, time limit, cancelled). */
  note: string | null;
}

interface GatewayTestOptions {
  maxHours?: string;
  pass?: string;
  wait: boolean;
}

/** How often a followed test is read again. */
const POLL_MS = 500;

/** The issues of gatewayTestRules (or the server's answer) as sentences, naming the DTU each one is about. */
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

/** The create body, checked with the client's gateway test rules before anything is sent. */
export function checkGatewayTest(codes: string[], opts: Pick<GatewayTestOptions, 'maxHours' | 'pass'>) {
  const hours = opts.maxHours === undefined ? null : Number(opts.maxHours);
  const testTime = hours === null ? null : Number.isFinite(hours) ? Math.ceil(hours * 60) : NaN;
  const passBenchmark = opts.pass === undefined ? null : Number(opts.pass);
  const issues = gatewayTestRules({ dtuCodes: codes, testTime: testTime ?? undefined, passBenchmark: opts.pass });
  const lines = issueLines(issues, codes);
  if (hours !== null && !Number.isFinite(hours)) lines.push(t('gw.badHours', { value: String(opts.maxHours) }));
  if (lines.length) throw new CliError(t('gw.invalid'), EXIT.usage, lines);
  return { dtuCodes: codes.map((c) => c.trim()), testTime, passBenchmark };
}

/** A server result as the CLI's row; `seen` keeps when each running window was first seen. */
export function toRow(r: ServerResult, seen: Map<string, number>, now = Date.now()): GatewayTestResult {
  const running = gatewayResultRunning(r);
  if (running && !seen.has(r.dtuCode)) seen.set(r.dtuCode, now);
  const state: GatewayTestState =
    r.passed === true
      ? 'passed'
      : r.passed === false
        ? 'failed'
        : r.reason !== null
          ? 'untested'
          : running
            ? 'running'
            : 'waiting';
  return {
    dtu: r.dtuCode,
    state,
    messages: r.messages,
    statusCount: r.statusCount,
    faultCount: r.faultCount,
    alarmCount: r.alarmCount,
    onlineSeen: r.onlineSeen,
    windowStart: r.windowStart,
    windowEnd: r.windowEnd,
    startedAt: running ? (seen.get(r.dtuCode) ?? now) : null,
    note: r.reason === null ? null : enumLabel(gatewayTestReason, r.reason, currentLanguage()),
  };
}

const fmtSeconds = (ms: number) => {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return s >= 60 ? `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s` : `${s}s`;
};

const stateText = (state: GatewayTestState) => t(`gw.${state}`);

/** The live table: one row per DTU, its state, the messages so far and the time left in its window. */
export function renderProgress(
  results: GatewayTestResult[],
  windowMs: number,
  color: boolean,
  now = Date.now(),
): string {
  const head = [t('gw.col.dtu'), t('gw.col.state'), t('gw.col.messages'), t('gw.col.time')];
  const rows = results.map((r) => {
    const plain = stateText(r.state);
    const state: string =
      r.state === 'passed'
        ? green(plain, color)
        : r.state === 'failed'
          ? red(plain, color)
          : r.state === 'running'
            ? bold(plain, color)
            : plain;
    const time =
      r.state === 'running' && r.startedAt !== null
        ? t('gw.left', { time: fmtSeconds(r.startedAt + windowMs - now) })
        : (r.note ?? '');
    return [r.dtu, state, String(r.messages), time];
  });
  // widths in terminal cells, colours left out: Chinese state labels take two cells a character
  const widths = head.map((h, i) => Math.max(displayWidth(h), ...rows.map((r) => displayWidth(r[i] ?? ''))));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => padEnd(c, widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(head.map((h) => bold(h, color))), ...rows.map(line)].join('\n') + '\n';
}

const ended = (d: GatewayTestDetail) => !gatewayTestActive(d);
const isDone = (r: GatewayTestResult) => r.state === 'passed' || r.state === 'failed' || r.state === 'untested';

/**
 * Follow a test on the server until it ends: a live table on a terminal, a line per finished DTU otherwise, then
 * the summary (exit 4 when a gateway did not pass). Ctrl-C only stops following: the test goes on on the server,
 * and the hint says how to follow it again or cancel it.
 */
async function follow(
  ctx: CommandContext,
  test: { id: number; windowMs?: number | null; passBenchmark?: number | null },
): Promise<void> {
  const format = ctx.format();
  const term = terminal();
  const live = format === 'table' && term.stdoutIsTTY;
  const windowMs = test.windowMs ?? GATEWAY_TEST.eachTestMs;

  const seen = new Map<string, number>();
  let rows: GatewayTestResult[] = [];
  const printed = new Set<string>();
  let drawn = 0;
  const draw = () => {
    if (!live) return;
    const text = renderProgress(rows, windowMs, term.color);
    process.stdout.write(`${drawn ? `\u001b[${drawn}A\u001b[0J` : ''}${text}`);
    drawn = text.split('\n').length - 1;
  };
  const finished = async (r: GatewayTestResult) => {
    if (live) return;
    if (format === 'jsonl') await writeTo(process.stdout, `${JSON.stringify(r)}\n`);
    else if (format === 'table' || format === 'wide')
      await writeTo(
        process.stdout,
        `${r.dtu}  ${stateText(r.state)}  ${t('gw.count', { count: r.messages })}${r.note ? `  ${r.note}` : ''}\n`,
      );
  };
  const redraw = setInterval(draw, 500);
  // Ctrl-C, a closed SSH session or SIGTERM: the test goes on on the server; say which and how to get back to it.
  const removeHint = onExit(() => {
    process.stderr.write(`${t('gw.stillRunning', { id: test.id })}\n`);
  });
  let detail: GatewayTestDetail;
  try {
    for (;;) {
      detail = await ctx.call((client) => client.gatewayTests.detail(test.id), { spinner: false });
      rows = detail.results.map((r) => toRow(r, seen));
      for (const r of rows.filter((x) => isDone(x) && !printed.has(x.dtu))) {
        printed.add(r.dtu);
        await finished(r);
      }
      draw();
      if (ended(detail)) break;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  } finally {
    clearInterval(redraw);
    removeHint();
  }
  const passed = rows.filter((r) => r.state === 'passed').length;
  const summary = {
    id: test.id,
    total: rows.length,
    passed,
    failed: rows.length - passed,
    pass: detail.passBenchmark ?? test.passBenchmark ?? null,
    windowMs: detail.windowMs ?? test.windowMs,
    results: rows.map(({ startedAt: _local, ...r }) => r),
  };
  if (format === 'json') await writeTo(process.stdout, `${JSON.stringify(summary, null, 2)}\n`);
  else if (format === 'yaml') await writeTo(process.stdout, (await import('yaml')).stringify(summary));
  say.info(t('gw.summary', { passed, total: rows.length }));
  if (passed < rows.length) process.exitCode = EXIT.partial;
}

/** The per-DTU results of `gateway-test get`: counts by kind, the window and why one did not pass. */
function resultColumns(): Column<GatewayTestResult>[] {
  const col = (key: keyof GatewayTestResult, header: string, value?: (r: GatewayTestResult) => unknown) => ({
    key,
    header,
    value: value ?? ((r: GatewayTestResult) => r[key]),
  });
  return [
    col('dtu', t('gw.col.dtu')),
    col('state', t('gw.col.state'), (r) => stateText(r.state)),
    col('messages', t('gw.col.messages')),
    col('statusCount', t('gw.col.status')),
    col('faultCount', t('gw.col.fault')),
    col('alarmCount', t('gw.col.alarm')),
    col('windowStart', t('gw.col.start')),
    col('windowEnd', t('gw.col.end')),
    col('note', t('gw.col.note')),
  ];
}

/** `liftctl gateway-test get <id>`: the test's fields and then one row per DTU (json: the detail with `results`). */
export async function gatewayTestGet(idText: string, cmd: Command): Promise<void> {
  const ctx = await contextFor(cmd);
  const def = entityDef('gatewayTest');
  const id = parseId(idText);
  const detail = await ctx
    .call((client) => client.gatewayTests.detail(id))
    .catch((error: unknown) => {
      throw notFoundAsMessage(def, id, error);
    });
  const format = ctx.format();
  if (format === 'json') return writeTo(process.stdout, `${JSON.stringify(detail, null, 2)}\n`);
  if (format === 'yaml') return writeTo(process.stdout, (await import('yaml')).stringify(detail));
  const seen = new Map<string, number>();
  const rows = detail.results.map((r) => toRow(r, seen));
  if (format === 'jsonl') {
    for (const r of rows) await writeTo(process.stdout, `${JSON.stringify({ testId: id, ...r })}\n`);
    return;
  }
  const columns = wideColumns(def);
  const { results: _results, ...record } = detail;
  await writeRecord(ctx.recordOutput(columns, columns), record as Record<string, unknown>);
  if (format === 'csv') return;
  await writeTo(process.stdout, `\n${renderTable(resultColumns(), rows, { color: terminal().color })}`);
}

export function register(program: Command): void {
  const gateway = program.command('gateway').description(t('cmd.gateway'));
  gateway
    .command('test-cancel')
    .argument('<id>')
    .description(t('cmd.gateway.testCancel'))
    .action(async (id: string, _opts, cmd: Command) => {
      const ctx = await contextFor(cmd);
      const testId = parseId(id);
      await ctx.call((client) => client.gatewayTests.cancel(testId));
      say.info(t('gw.cancelled', { id: testId }));
    });
  gateway
    .command('test-watch')
    .argument('<id>')
    .description(t('cmd.gateway.testWatch'))
    .action(async (id: string, _opts, cmd: Command) => {
      const ctx = await contextFor(cmd);
      const testId = parseId(id);
      const detail = await ctx
        .call((client) => client.gatewayTests.detail(testId))
        .catch((error: unknown) => {
          throw notFoundAsMessage(entityDef('gatewayTest'), testId, error);
        });
      if (terminal().stderrIsTTY) say.info(t('gw.following', { id: testId }));
      await follow(ctx, detail);
    });
  gateway
    .command('test')
    .argument('<dtu...>', t('arg.dtus', { max: GATEWAY_TEST.maxBatch }))
    .description(t('cmd.gateway.test'))
    .option('--max-hours <h>', t('opt.maxHours'))
    .option('--pass <n>', t('opt.pass'))
    .option('--no-wait', t('opt.noWait'))
    .action(async (codes: string[], opts: GatewayTestOptions, cmd: Command) => {
      const ctx = await contextFor(cmd);
      const body = checkGatewayTest(codes, opts);
      const format = ctx.format();

      const created = await ctx
        .call((client) => client.gatewayTests.create(body))
        .catch((error: unknown) => {
          // The server's own refusal of a DTU (not one of the caller's gateways) is bad input too.
          if (isApiError(error) && error.status === 400 && error.fieldErrors.length)
            throw new CliError(
              t('gw.invalid'),
              EXIT.usage,
              error.fieldErrors.map((e) => e.message),
            );
          throw error;
        });
      if (!opts.wait) {
        // The bare id on stdout, for `id=$(liftctl gateway test … --no-wait)`; the sentence for a person on stderr.
        if (format === 'json' || format === 'jsonl') await writeTo(process.stdout, `${JSON.stringify(created)}\n`);
        else await writeTo(process.stdout, `${created.id}\n`);
        if (terminal().stderrIsTTY) say.info(t('gw.detached', { id: created.id }));
        return;
      }
      if (terminal().stderrIsTTY) say.info(t('gw.created', { id: created.id }));
      await follow(ctx, { ...created, passBenchmark: body.passBenchmark });
    });
}

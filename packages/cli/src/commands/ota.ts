import {
  OTA_APPROVAL,
  OTA_BURN_DONE,
  OTA_BURN,
  applyOta,
  approveOtaApplication,
  rejectOtaApplication,
  otaBurnErrorText,
  startOtaBurn,
  uploadOtaProgramFile,
  UPLOAD_LIMITS,
  megabytesOf,
  type Query,
} from '@liftcloud/client';
import type { Command } from 'commander';
import { CliError, describeError, exitCodeOf } from '../errors.js';
import { EXIT } from '../exit-codes.js';
import { currentLanguage, t } from '../i18n/index.js';
import { say } from '../output/messages.js';
import { writeRecords } from '../output/records.js';
import { setQuiet } from '../output/messages.js';
import { terminal } from '../output/terminal.js';
import { writeTo } from '../output/stream.js';
import { renderTable } from '../output/table.js';
import { cellText, shown } from '../output/columns.js';
import { confirmOrStop } from '../prompts/ask.js';
import { openLiveChannel } from '../live/channel.js';
import { channelError, liveSession, reconnectPolicy } from '../live/session.js';
import { tableColumns, wideColumns } from './entity/columns.js';
import { entityDef, type Row } from './entity/definition.js';
import { parseId } from './entity/ids.js';
import { contextFor } from './options.js';
import { readInputFile } from './input-file.js';
import { basename } from 'node:path';

const STATUS: Record<string, number | null> = {
  applying: OTA_APPROVAL.applying,
  pending: OTA_APPROVAL.applying,
  approved: OTA_APPROVAL.approved,
  rejected: OTA_APPROVAL.rejected,
  all: null,
};

/** Every page of an entity's records for a query. */
async function allRows(cmd: Command, entity: string, query: Query) {
  const ctx = await contextFor(cmd);
  const def = entityDef(entity);
  const rows = await ctx.call(async (client) => {
    const out: Row[] = [];
    for await (const row of client.crud<Row>(def.path).all(query)) out.push(row);
    return out;
  });
  return { ctx, def, rows };
}

/** What an operator picks a program by: its counts, whether it is locked, whose it is and its firmware's MD5. */
const PROGRAM_FIELDS = [
  'id',
  'programName',
  'version',
  'count',
  'applyNumber',
  'remainingNumber',
  'burningTimes',
  'isEffective',
  'ownedCompanyName',
  'md5',
];

async function programs(cmd: Command) {
  const { ctx, def, rows } = await allRows(cmd, 'otaProgram', {});
  const wide = wideColumns(def);
  const columns = PROGRAM_FIELDS.flatMap((key) => wide.filter((c) => c.key === key));
  await writeRecords(ctx.recordOutput(columns, wide), rows);
}

async function approvals(cmd: Command, opts: { status?: string }) {
  const key = (opts.status ?? 'applying').toLowerCase();
  if (!(key in STATUS)) throw new CliError(t('ota.badStatus', { value: opts.status ?? '' }), EXIT.usage);
  const status = STATUS[key];
  const term = terminal();
  if (status === OTA_APPROVAL.applying && term.stdinIsTTY && term.stdoutIsTTY) {
    const ctx = await contextFor(cmd);
    if (ctx.format() === 'table') return reviewQueue(ctx);
  }
  const { ctx, def, rows } = await allRows(cmd, 'otaApplication', status === null ? {} : { approvalStatus: status });
  await writeRecords(ctx.recordOutput(tableColumns(def), wideColumns(def)), rows);
}

/**
 * The pending applications on a terminal: an Ink review queue (ota/ReviewQueue.tsx) that approves, rejects with
 * a typed reason and reloads as applications arrive on the live channel. Ink and React load only here.
 */
async function reviewQueue(ctx: Awaited<ReturnType<typeof contextFor>>) {
  const [{ render }, { createElement }, { ReviewQueue }, { reviewSource }] = await Promise.all([
    import('ink'),
    import('react'),
    import('../ota/ReviewQueue.js'),
    import('../ota/source.js'),
  ]);
  const session = await liveSession(ctx);
  const client = await ctx.authedClient();
  const source = reviewSource(
    (request) => ctx.call(request, { spinner: false }),
    client,
    session,
    reconnectPolicy(undefined),
  );
  setQuiet(true);
  const app = render(createElement(ReviewQueue, { source }), { exitOnCtrlC: false });
  try {
    await app.waitUntilExit();
  } finally {
    app.cleanup();
    setQuiet(false);
  }
  // the live channel went with the view; nothing else keeps the process
  process.exit(EXIT.ok);
}

async function apply(cmd: Command, opts: { program: string; count: string }) {
  const count = Number(opts.count);
  if (!Number.isInteger(count) || count < 1) throw new CliError(t('ota.badCount', { value: opts.count }), EXIT.usage);
  const programId = parseId(opts.program);
  const ctx = await contextFor(cmd);
  const made = await ctx.call((client) => client.call(applyOta, { body: { programId, applyNumber: count } }));
  const def = entityDef('otaApplication');
  if (ctx.format() !== 'table')
    await writeRecords(ctx.recordOutput(tableColumns(def), wideColumns(def)), [made as Row]);
  say.info(t('ota.applied', { id: made.id, count, program: made.programName ?? programId }));
}

/** A program's firmware, uploaded once: the server keeps it with its SHA-256 and MD5 (refuses a second: 409). */
async function upload(cmd: Command, idText: string, path: string) {
  const id = parseId(idText);
  const bytes = await readInputFile(path);
  const name = basename(path);
  const limit = UPLOAD_LIMITS.firmware;
  if (bytes.length > limit.maxBytes)
    throw new CliError(
      t('ota.tooLarge', { name, actual: (bytes.length / 1024 / 1024).toFixed(1), size: megabytesOf(limit) }),
      EXIT.usage,
    );
  const ctx = await contextFor(cmd);
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const kept = await ctx.call((client) => client.call(uploadOtaProgramFile, { params: { id }, body: form }));
  const def = entityDef('otaProgram');
  if (ctx.format() !== 'table')
    await writeRecords(ctx.recordOutput(tableColumns(def), wideColumns(def)), [kept as Row]);
  say.info(
    t('ota.uploaded', { id, name: kept.fileName ?? name, size: kept.fileSize ?? bytes.length, md5: kept.md5 ?? '' }),
  );
}

/** Approve or reject several applications, one at a time, reporting each: exit 0, the first failure's code, or 4. */
async function decide(
  cmd: Command,
  idTexts: string[],
  action: 'approve' | 'reject',
  opts: { reason?: string; end?: string },
) {
  if (action === 'reject' && !opts.reason?.trim()) throw new CliError(t('wo.reasonRequired'), EXIT.usage);
  const ctx = await contextFor(cmd);
  const ids = idTexts.map(parseId);
  await confirmOrStop(t('ota.confirm', { action, count: ids.length, ids: ids.join(', ') }), ctx.yes);
  const failures: unknown[] = [];
  for (const id of ids) {
    try {
      await ctx.call((client) =>
        action === 'approve'
          ? client.call(approveOtaApplication, { params: { id }, body: opts.end ? { endTime: opts.end } : {} })
          : client.call(rejectOtaApplication, { params: { id }, body: { reason: opts.reason ?? '' } }),
      );
      say.info(t('ota.decided', { id, action: action === 'approve' ? 'approved' : 'rejected' }));
    } catch (error) {
      failures.push(error);
      say.error(t('ota.decideFailed', { id, reason: describeError(error).join(' ') }));
    }
  }
  if (failures.length === 0) return;
  process.exitCode = failures.length === ids.length ? exitCodeOf(failures[0]) : EXIT.partial;
}

/**
 * `ota burn --program ID --dtu N...`: one burn per gateway (all or none, the quota decides); with --follow the
 * burns are read until each has ended, each change written (a table line, or a json line with -o jsonl). Exit
 * 0 when every gateway burned, 4 when some failed, 1 when all did; the failed DTUs are named on stderr.
 */
/** A table says why a burn failed in the reader's language; JSON keeps the code (docs/gateway-protocol.md). */
const readable = (format: string, rows: Row[]): Row[] =>
  format === 'table' || format === 'wide'
    ? rows.map((r) => ({ ...r, error: otaBurnErrorText(r.error as string | null, currentLanguage()) }))
    : rows;

async function burn(cmd: Command, opts: { program: string; dtu: string[]; follow?: boolean }) {
  const programId = parseId(opts.program);
  const ctx = await contextFor(cmd);
  const def = entityDef('otaBurn');
  const started = (await ctx.call((client) =>
    client.call(startOtaBurn, { params: { id: programId }, body: { dtus: opts.dtu } }),
  )) as Row[];
  say.info(t('ota.burnsStarted', { count: started.length }));
  const rows = opts.follow ? await follow(ctx, def, programId, started) : started;
  if (!opts.follow) {
    const out = ctx.recordOutput(tableColumns(def), wideColumns(def));
    await writeRecords(out, readable(out.format, rows));
    return;
  }
  const failed = rows.filter((r) => Number(r.state) === OTA_BURN.failed);
  if (failed.length === 0) return;
  say.error(
    t('ota.burnsFailed', {
      failed: failed.length,
      count: rows.length,
      dtus: failed.map((r) => String(r.dtu)).join(', '),
    }),
  );
  process.exitCode = failed.length === rows.length ? EXIT.error : EXIT.partial;
}

/** The columns of a followed burn: which gateway, where it is, how far, and why it failed. */
const FOLLOW_FIELDS = ['dtu', 'state', 'progress', 'error'];

/** How often a followed burn is read in full beside its live frames: after a lost frame, or with no channel. */
const CATCH_UP_MS = 10_000;

/**
 * Follow the started burns until each has ended, from their live `otaBurn` frames (state and progress as the
 * transfer moves), read in full at the start, every CATCH_UP_MS and after a reconnect, so that a frame missed
 * while the channel was down is made up for. On a terminal (table) one progress table redrawn in place; piped
 * (table) a line per change; -o jsonl a json line per change; json, yaml and csv the ended burns once.
 */
async function follow(
  ctx: Awaited<ReturnType<typeof contextFor>>,
  def: ReturnType<typeof entityDef>,
  programId: number,
  started: Row[],
): Promise<Row[]> {
  const format = ctx.format();
  const term = terminal();
  const tabular = format === 'table' || format === 'wide';
  const live = tabular && term.stdoutIsTTY;
  const columns = wideColumns(def).filter((c) => FOLLOW_FIELDS.includes(c.key));
  const out = ctx.recordOutput(columns, columns);
  const seen = new Map<number, string>();
  const mark = (r: Row) => `${String(r.state)}:${String(r.progress)}`;
  let drawn = 0;
  let rows = started;
  let output = Promise.resolve();

  const show = async (changed: Row[]) => {
    if (live) {
      const text = renderTable(columns, readable(format, rows), { color: term.color, maxTableWidth: term.columns });
      process.stdout.write(`${drawn ? `\u001b[${drawn}A\u001b[0J` : ''}${text}`);
      drawn = text.split('\n').length - 1;
    } else if (tabular) {
      for (const r of readable(format, changed))
        await writeTo(
          process.stdout,
          `${columns
            .map((c) => cellText(shown(c, r)))
            .join('  ')
            .trimEnd()}\n`,
        );
    } else if (format === 'jsonl' && changed.length) await writeRecords(out, changed);
  };
  let finish: () => void = () => undefined;
  const ended = new Promise<void>((resolve) => (finish = resolve));
  /** The burns as they now stand: what changed is shown, in order; once every burn has ended, the follow ends. */
  const apply = (next: Row[]) => {
    rows = next;
    const changed = rows.filter((r) => seen.get(Number(r.id)) !== mark(r));
    changed.forEach((r) => seen.set(Number(r.id), mark(r)));
    output = output.then(() => show(changed));
    if (rows.every((r) => OTA_BURN_DONE.includes(Number(r.state)))) finish();
  };
  const read = async () => {
    const list = await ctx.call(
      async (client) => {
        const all: Row[] = [];
        for await (const row of client.crud<Row>(def.path).all({ programId })) all.push(row);
        return all.filter((r) => started.some((s) => s.id === r.id));
      },
      { spinner: false },
    );
    apply(list);
  };

  const channel = openLiveChannel({
    ...(await liveSession(ctx)),
    reconnect: reconnectPolicy(undefined),
    onFrame: (frame) => {
      if (frame.event !== 'otaBurn' || !rows.some((r) => Number(r.id) === frame.data.id)) return;
      const { id, state, progress, error } = frame.data;
      apply(rows.map((r) => (Number(r.id) === id ? { ...r, state, progress, error: error ?? null } : r)));
    },
    onNotice: (notice) => {
      if (notice.kind === 'open') void read().catch(() => undefined);
    },
  });
  const catchUp = setInterval(() => void read().catch(() => undefined), CATCH_UP_MS);
  // a channel that ends for good (the session revoked, the reconnects run out) ends the follow with its error
  const lost = channel.done.then((notice) => {
    const error = channelError(notice);
    if (error) throw error;
    return ended;
  });
  try {
    await read();
    await Promise.race([ended, lost]);
  } finally {
    clearInterval(catchUp);
    channel.close();
  }
  await output;
  if (!tabular && format !== 'jsonl') await writeRecords(out, rows);
  return rows;
}

export function register(program: Command): void {
  const ota = program.command('ota').description(t('cmd.ota'));
  ota
    .command('programs')
    .description(t('cmd.ota.programs'))
    .action((_opts, cmd: Command) => programs(cmd));
  ota
    .command('upload')
    .argument('<program>', t('opt.otaProgram'))
    .argument('<file>')
    .description(t('cmd.ota.upload'))
    .action((program: string, file: string, _opts, cmd: Command) => upload(cmd, program, file));
  ota
    .command('apply')
    .description(t('cmd.ota.apply'))
    .requiredOption('--program <id>', t('opt.otaProgram'))
    .requiredOption('--count <n>', t('opt.otaCount'))
    .action((opts: { program: string; count: string }, cmd: Command) => apply(cmd, opts));
  ota
    .command('approvals')
    .description(t('cmd.ota.approvals'))
    .option('--status <status>', t('opt.otaStatus'))
    .action((opts: { status?: string }, cmd: Command) => approvals(cmd, opts));
  ota
    .command('approve')
    .argument('<id...>')
    .description(t('cmd.ota.approve'))
    .option('--end <time>', t('opt.otaEnd'))
    .action((ids: string[], opts: { end?: string }, cmd: Command) => decide(cmd, ids, 'approve', opts));
  ota
    .command('reject')
    .argument('<id...>')
    .description(t('cmd.ota.reject'))
    .option('--reason <text>', t('opt.reason'))
    .action((ids: string[], opts: { reason?: string }, cmd: Command) => decide(cmd, ids, 'reject', opts));
  ota
    .command('burn')
    .description(t('cmd.ota.burn'))
    .requiredOption('--program <id>', t('opt.otaProgram'))
    .requiredOption('--dtu <dtu...>', t('opt.otaDtu'))
    .option('--follow', t('opt.otaFollow'))
    .action((opts: { program: string; dtu: string[]; follow?: boolean }, cmd: Command) => burn(cmd, opts));
}

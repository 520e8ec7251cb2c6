import { issueMessage, patchOf, validateInput, type EntityDef, type Fields } from '@liftcloud/client';
import type { Command } from 'commander';
import { CliError } from '../../errors.js';
import { EXIT } from '../../exit-codes.js';
import { redactBody } from '../../http/redact.js';
import { currentLanguage, t } from '../../i18n/index.js';
import { say } from '../../output/messages.js';
import { writeRecord } from '../../output/records.js';
import { writeTo } from '../../output/stream.js';
import type { Context } from '../../context.js';
import { contextFor } from '../options.js';
import { tableColumns, wideColumns } from './columns.js';
import { entityDef, labelOf, notFoundAsMessage, type Row } from './definition.js';
import { parseId } from './ids.js';
import { hasNames, resolveNames } from './names.js';
import { askMissingSecrets, givenValues } from './values.js';

export interface WriteOptions {
  set?: string[];
  file?: string;
  dryRun?: boolean;
}

/** Check a body as the server will, so a bad field is reported (in the reader's language) before sending. */
function validate(def: EntityDef<Fields>, body: Row, mode: 'create' | 'update'): void {
  const issues = validateInput(def, body, mode);
  if (issues.length === 0) return;
  const schema = mode === 'create' ? def.createSchema : def.updateSchema;
  const lines = issues.map((issue) => issueMessage(schema, issue, currentLanguage()));
  throw new CliError(t('entity.invalid', { label: labelOf(def) }), EXIT.usage, lines);
}

/** The fields an update may send: those the update schema knows (no read-only or write-once fields). */
function updatable(def: EntityDef<Fields>, record: Row): Row {
  const keys = Object.keys((def.updateSchema as { properties?: Record<string, unknown> }).properties ?? {});
  return Object.fromEntries(keys.filter((k) => k in record).map((k) => [k, record[k]]));
}

async function showDryRun(method: string, def: EntityDef<Fields>, body: Row): Promise<void> {
  say.info(t('entity.dryRun', { method, path: def.path }));
  await writeTo(process.stdout, `${JSON.stringify(JSON.parse(redactBody(JSON.stringify(body))), null, 2)}\n`);
}

/** The saved record: its id on a table (for `id=$(liftctl company create …)`), the record for -o formats. */
async function showSaved(ctx: Context, def: EntityDef<Fields>, saved: Row): Promise<void> {
  if (ctx.format() === 'table') await writeTo(process.stdout, `${String(saved.id ?? '')}\n`);
  else await writeRecord(ctx.recordOutput(tableColumns(def), wideColumns(def)), saved);
}

export async function createAction(entity: string, opts: WriteOptions, cmd: Command): Promise<void> {
  const ctx = await contextFor(cmd);
  const def = entityDef(entity);
  const body = await givenValues(def, opts);
  // references given by name are looked up first, so a dry run shows the ids that would be sent
  if (hasNames(body)) await ctx.call((client) => resolveNames(client, def, body));
  await askMissingSecrets(def, body);
  validate(def, body, 'create');
  if (opts.dryRun) return showDryRun('POST', def, body);
  const saved = await ctx.call((client) => client.crud<Row>(def.path).save(body));
  say.info(t('entity.created', { label: labelOf(def), id: String(saved?.id ?? '') }));
  await showSaved(ctx, def, saved ?? {});
}

/**
 * Update reads the record, checks it whole with the given fields changed, and sends only those fields with the
 * revision it read: a record someone saved in between is refused (409) rather than overwritten.
 */
export async function updateAction(entity: string, idText: string, opts: WriteOptions, cmd: Command): Promise<void> {
  const ctx = await contextFor(cmd);
  const def = entityDef(entity);
  const id = parseId(idText);
  const changes = await givenValues(def, opts);
  await ctx.call(async (client) => {
    await resolveNames(client, def, changes);
    const calls = client.crud<Row>(def.path);
    const current = await calls.get(id).catch((error: unknown) => {
      throw notFoundAsMessage(def, id, error);
    });
    const before = updatable(def, current);
    const whole = { ...before, ...changes, id };
    validate(def, whole, 'update');
    const body = patchOf(def, before, whole, { id, revision: current.revision as number | undefined });
    if (opts.dryRun) return showDryRun('PUT', def, body);
    const saved = await calls.save(body);
    say.info(t('entity.updated', { label: labelOf(def), id }));
    await showSaved(ctx, def, saved ?? body);
  });
}

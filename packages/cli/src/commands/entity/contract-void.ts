import { voidContract } from '@liftcloud/client';
import type { Command } from 'commander';
import { CliError } from '../../errors.js';
import { EXIT } from '../../exit-codes.js';
import { t } from '../../i18n/index.js';
import { say } from '../../output/messages.js';
import { writeRecord } from '../../output/records.js';
import { contextFor } from '../options.js';
import { wideColumns } from './columns.js';
import { entityDef, notFoundAsMessage, type Row } from './definition.js';
import { parseId } from './ids.js';

/**
 * `liftctl contract void <id> --reason …`: voidContract, final (the server refuses a second void, and any
 * change or file afterwards, with 409). An empty reason is refused before anything is sent (exit 2).
 */
export async function voidAction(idText: string, reason: string, cmd: Command): Promise<void> {
  const id = parseId(idText);
  if (!reason.trim()) throw new CliError(t('contract.reasonRequired'), EXIT.usage);
  const ctx = await contextFor(cmd);
  const def = entityDef('contract');
  const voided = await ctx
    .call((client) => client.call(voidContract, { params: { id }, body: { reason: reason.trim() } }))
    .catch((error: unknown) => {
      throw notFoundAsMessage(def, id, error);
    });
  say.info(t('contract.voided', { id, no: String((voided as Row).contractNo ?? id) }));
  if (ctx.format() !== 'table') {
    const columns = wideColumns(def);
    await writeRecord(ctx.recordOutput(columns, columns), voided as Row);
  }
}

import type { Command } from 'commander';
import { writeRecord } from '../../output/records.js';
import { contextFor } from '../options.js';
import { wideColumns } from './columns.js';
import { entityDef, notFoundAsMessage, type Row } from './definition.js';
import { parseId } from './ids.js';

/** `<entity> get ID`: every field, labelled, on a terminal; the record as sent for -o formats. */
export async function getAction(entity: string, idText: string, cmd: Command): Promise<void> {
  const ctx = await contextFor(cmd);
  const def = entityDef(entity);
  const id = parseId(idText);
  const record = await ctx
    .call((client) => client.crud<Row>(def.path).get(id))
    .catch((error: unknown) => {
      throw notFoundAsMessage(def, id, error);
    });
  const columns = wideColumns(def);
  await writeRecord(ctx.recordOutput(columns, columns), record);
}

import { crud } from '@liftcloud/client';
import type { Command } from 'commander';
import type { EntityShape } from '../../entities/shape.js';
import { writeRecord } from '../../output/records.js';
import { contextFor } from '../options.js';
import { showsOf, wideColumns } from './columns.js';
import { parseId } from './ids.js';
import { notFoundAsMessage, type Row } from './labels.js';

/** `<entity> get ID`: every field, labelled, on a terminal; the record as sent for -o formats. */
export async function getAction(shape: EntityShape, idText: string, cmd: Command): Promise<void> {
  const ctx = await contextFor(cmd);
  const id = parseId(idText);
  const record = await ctx
    .httpCall((http) => crud<Row>(http, shape.path).get(id))
    .catch((error: unknown) => {
      throw notFoundAsMessage(shape, id, error);
    });
  const format = ctx.format();
  const columns = wideColumns(shape, format === 'table' || format === 'wide' ? await showsOf(shape) : {});
  await writeRecord(ctx.recordOutput(columns, columns), record);
}

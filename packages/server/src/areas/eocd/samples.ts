import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { HttpError } from '../../http/errors.js';
import { EocdSamplesCorruptError, decodeSamples } from '../../monitoring/eocd-samples.js';
import type { LooseDB } from '../../store/repository.js';

/**
 * A run's raw samples as the gateway packed them, whatever encoding they are stored in; null once the sweep has
 * deleted them. A damaged row answers 500 eocd.samplesCorrupt naming the run (and is logged), not a crash.
 */
export async function storedSamples(
  db: Kysely<LooseDB>,
  run: { id: number; sampleCount: unknown },
  log: FastifyBaseLogger,
): Promise<{ scale: number; bytes: Uint8Array } | null> {
  const row = await db
    .selectFrom('eocdSamples')
    .select(['scale', 'data', 'encoding'])
    .where('runId', '=', run.id)
    .executeTakeFirst();
  if (!row) return null;
  try {
    const bytes = decodeSamples(row.data as Uint8Array, Number(row.encoding), {
      runId: run.id,
      sampleCount: Number(run.sampleCount),
    });
    return { scale: Number(row.scale), bytes };
  } catch (err) {
    if (!(err instanceof EocdSamplesCorruptError)) throw err;
    log.error({ err, runId: run.id }, 'EOCD samples damaged in the store');
    throw new HttpError(500, 'eocd.samplesCorrupt', { id: run.id });
  }
}

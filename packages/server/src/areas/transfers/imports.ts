import multipart from '@fastify/multipart';
import { entityOperations, type Language } from '@liftcloud/client';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MULTIPART_OVERHEAD_BYTES } from '../../files/upload-request.js';
import { importTooLarge, receiveImportFile } from './import-upload.js';
import { stagingDirOf } from '../../files/service.js';
import type { AreaDeps } from '../area.js';
import { ok } from '../../http/envelope.js';
import { route } from '../../http/route.js';
import { callerOf } from '../../plugins/auth.js';
import { repositoryFor } from '../../store/repositories.js';
import { EXPOSED } from '../../tables/index.js';
import { rowProblemsMessage } from '../../services/xlsx/convert.js';
import { ImportFileError, type RowError } from '../../services/xlsx/errors.js';
import { IMPORTABLE } from '../../services/xlsx/importable.js';
import { DEFAULT_IMPORT_LIMITS, type ImportLimits } from '../../services/xlsx/limits.js';
import { importMessage } from '../../services/xlsx/messages.js';
import { startParse, type ParseJob } from '../../services/xlsx/parse.js';
import { ImportSlots, ParseBudget } from '../../services/xlsx/slots.js';
import { storeRows } from '../../services/xlsx/store.js';

function refuse(reply: FastifyReply, lang: Language, err: ImportFileError) {
  return reply.status(err.status).send({
    code: err.status,
    message: importMessage(lang, err.key, err.params),
    data: { key: `import.${err.key}`, ...err.params },
  });
}

function problems(
  reply: FastifyReply,
  lang: Language,
  p: { errors: RowError[]; errorCount: number; badRows: number; total: number },
) {
  return reply.status(400).send({
    code: 400,
    message: rowProblemsMessage(lang, p.badRows, p.errors),
    data: { key: 'import.invalidRows', errors: p.errors, errorCount: p.errorCount, badRows: p.badRows, total: p.total },
  });
}

/**
 * POST /api/{entity.path}/import?dryRun=true|false for the importable entities (network applications,
 * elevators, gateways): one .xlsx in the multipart field `file`, bounded while streamed, read as a stream in a
 * worker under memory and time limits, every row validated with the forms' rules as it is read, and written in
 * batches inside one transaction, committed only when no row was bad. The console and the CLI both call this route (client.imports.upload).
 */
export async function registerImports(app: FastifyInstance, ctx: AreaDeps): Promise<void> {
  const limits: ImportLimits = { ...DEFAULT_IMPORT_LIMITS, ...ctx.options.importLimits };
  // An upload waits in the file store's staging folder while it is checked; without one (benches), in a temporary one.
  const { uploadDir } = ctx.options;
  const stagingDir = uploadDir ? stagingDirOf(uploadDir) : join(tmpdir(), 'liftcloud-staging');
  // Import slots, fair per tenant, and the budget of bytes parsed at once (services/xlsx/slots.ts).
  const slots = new ImportSlots(limits.maxConcurrent, limits.maxPerTenant);
  const budget = new ParseBudget(limits.parseBudgetBytes);
  // A declared body past the limit is refused before it is read (plugins/body-limits.ts).
  const bodyBytes = {
    max: limits.maxBytes + MULTIPART_OVERHEAD_BYTES,
    refusal: () => importTooLarge(limits.maxBytes),
  };
  // Its own scope: the multipart parser and its limits apply to these routes only.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: limits.maxBytes, files: 2, fields: 10, parts: 12, fieldSize: 1024 },
    });
    for (const exposure of EXPOSED) {
      const spec = IMPORTABLE[exposure.table.entity.name];
      if (!spec || exposure.readOnly) continue;
      const { entity } = spec;
      route(
        scope,
        entityOperations(entity).import,
        async (req, reply) => {
          const lang = req.lang;
          const caller = callerOf(req);
          let job: ParseJob | null = null;
          let slot: { release(): void } | null = null;
          let endParse: (() => void) | null = null;
          try {
            const dryRunText = req.query.dryRun;
            if (dryRunText !== undefined && dryRunText !== '' && dryRunText !== 'true' && dryRunText !== 'false')
              throw new ImportFileError(400, 'badQuery');
            const dryRun = dryRunText === 'true';
            if (!req.isMultipart()) throw new ImportFileError(415, 'oneFile');
            slot = slots.take(caller.tenantId ?? 0);
            if (!slot) throw new ImportFileError(429, 'busy');
            // The parse worker starts now and loads while the file arrives; the import's clock starts with it.
            job = startParse(limits);
            const file = await receiveImportFile(req, { maxBytes: limits.maxBytes, stagingDir, expired: job.expired });
            let bytes: Buffer;
            try {
              // the parse waits for room in the budget of bytes parsed at once, all tenants together
              endParse = await budget.reserve(file.size, job.expired);
              bytes = await readFile(file.path);
            } finally {
              await file.discard();
            }
            const sheet = await job.parse(bytes, entity.name, lang);
            if (sheet.header === 'problems') return problems(reply, lang, sheet.problems);
            // Rows are stored batch by batch while the worker reads on.
            const outcome = await storeRows({
              db: ctx.store.db,
              dialect: ctx.store.dialect,
              spec,
              table: exposure.table,
              caller,
              tz: req.timeZone,
              language: lang,
              sheet,
              dryRun,
              limits,
            });
            if ('errors' in outcome) return problems(reply, lang, outcome);
            if (!dryRun && outcome.created) repositoryFor(ctx.repos, entity.name).forgetCounts();
            return ok(
              outcome,
              importMessage(lang, dryRun ? 'checked' : 'imported', {
                created: outcome.created,
                skipped: outcome.skipped,
              }),
            );
          } catch (err) {
            if (err instanceof ImportFileError) return refuse(reply, lang, err);
            throw err;
          } finally {
            endParse?.();
            job?.cancel();
            slot?.release();
          }
        },
        { bodyBytes },
      );
    }
  });
}

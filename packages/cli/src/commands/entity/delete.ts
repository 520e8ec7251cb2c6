import type { Command } from 'commander';
import { describeError, exitCodeOf } from '../../errors.js';
import { EXIT } from '../../exit-codes.js';
import { t } from '../../i18n/index.js';
import { say } from '../../output/messages.js';
import { confirmOrStop } from '../../prompts/ask.js';
import { contextFor } from '../options.js';
import { entityDef, labelOf, notFoundAsMessage } from './definition.js';
import { parseId } from './ids.js';

/**
 * `<entity> delete ID...`: asks first (or --yes), then deletes one at a time, reporting each. Exit code:
 * 0 when all went, the first failure's code when none did, 4 (partial) when some did.
 */
export async function deleteAction(entity: string, idTexts: string[], cmd: Command): Promise<void> {
  const ctx = await contextFor(cmd);
  const def = entityDef(entity);
  const label = labelOf(def);
  const ids = idTexts.map(parseId);
  await confirmOrStop(t('entity.confirmDelete', { count: ids.length, label, ids: ids.join(', ') }), ctx.yes);
  const failures: unknown[] = [];
  for (const id of ids) {
    try {
      await ctx.call((client) => client.crud(def.path).remove(id));
      say.info(t('entity.deleted', { label, id }));
    } catch (error) {
      failures.push(error);
      const notFound = notFoundAsMessage(def, id, error);
      say.error(
        notFound !== error
          ? describeError(notFound).join(' ')
          : t('entity.deleteFailed', { label, id, reason: describeError(error).join(' ') }),
      );
    }
  }
  if (failures.length === 0) return;
  process.exitCode = failures.length === ids.length ? exitCodeOf(failures[0]) : EXIT.partial;
}

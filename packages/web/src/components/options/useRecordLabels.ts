import { useQueries } from '@tanstack/react-query';
import type { EntityDef } from '@liftcloud/client';
import { useClient } from '../../app/ConsoleContext';
import { recordLabel } from './refTarget';

/** How long a record's name is reused before it is read again (a save of that entity drops it at once). */
const LABEL_STALE_MS = 60_000;

/**
 * The names of some records of an entity, each read by its id (whichever page of the list it is on) and shared by
 * every picker and list cell that shows it. An id the caller cannot read keeps showing as the id.
 */
export function useRecordLabels(
  entity: (EntityDef & { nameField: string }) | null,
  ids: readonly number[],
): Map<number, string> {
  const client = useClient();
  const wanted = entity ? [...new Set(ids)] : [];
  const answers = useQueries({
    queries: wanted.map((id) => ({
      // under the entity's path, so a save of that entity (which drops [path]) reads the name again
      queryKey: [entity!.path, 'label', id],
      queryFn: () => client.crud<Record<string, unknown>>(entity!.path).get(id),
      staleTime: LABEL_STALE_MS,
      retry: false,
      meta: { silent: true },
    })),
  });
  const labels = new Map<number, string>();
  answers.forEach((answer, i) => {
    if (answer.data && entity) labels.set(wanted[i]!, recordLabel(entity, answer.data));
  });
  return labels;
}

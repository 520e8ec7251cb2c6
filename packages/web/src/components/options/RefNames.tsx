import type { EntityDef } from '@liftcloud/client';
import { useRecordLabels } from './useRecordLabels';

/** The names of the records a reference or id list points at, in a list cell (the ids until they are read). */
export function RefNames(props: { entity: EntityDef & { nameField: string }; ids: readonly number[] }) {
  const names = useRecordLabels(props.entity, props.ids);
  return <>{props.ids.map((id) => names.get(id) ?? String(id)).join(', ')}</>;
}

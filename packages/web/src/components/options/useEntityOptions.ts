import { useQuery } from '@tanstack/react-query';
import type { EntityName, Page } from '@liftcloud/client';
import { useClient } from '../../app/ConsoleContext';
import type { Option } from '../fieldOptions';

/** The largest page a list allows: enough choices for a select of roles or companies. */
const OPTION_PAGE_SIZE = 200;

/** Records of an entity as select options (id and name), for reference and id-list fields. */
export function useEntityOptions(name: EntityName, labelKey = 'name'): Option[] {
  const client = useClient();
  const list = useQuery({
    queryKey: [name, 'options', labelKey],
    queryFn: () =>
      client.entities[name].list({ pageNo: 1, pageSize: OPTION_PAGE_SIZE }) as Promise<Page<Record<string, unknown>>>,
    staleTime: 60_000,
  });
  return (list.data?.records ?? []).map((row) => ({
    value: Number(row.id),
    label: String(row[labelKey] ?? row.id),
  }));
}

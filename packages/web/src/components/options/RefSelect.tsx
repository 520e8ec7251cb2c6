import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select, Spin, Typography } from 'antd';
import { useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { permits, type EntityDef, type Page, type Query } from '@liftcloud/client';
import { useConsole } from '../../app/ConsoleContext';
import { recordLabel } from './refTarget';
import { useDebounced } from './useDebounced';
import { useRecordLabels } from './useRecordLabels';

/** How many matches a picker shows: a small page; typing narrows it. */
export const OPTION_PAGE_SIZE = 20;
/** How long typing pauses before the picker asks the server. */
const SEARCH_DEBOUNCE_MS = 300;

type Value = number | number[] | null;
type Labelled = { value: number; label: string };

const idsOf = (next: Labelled | Labelled[] | null | undefined, multiple: boolean): Value =>
  multiple ? [next ?? []].flat().map((o) => Number(o.value)) : next && !Array.isArray(next) ? Number(next.value) : null;

export interface RefSelectProps {
  /** The entity picked from, with the field it is searched and named by. */
  entity: EntityDef & { nameField: string };
  value?: Value;
  onChange?: (value: Value) => void;
  multiple?: boolean;
  /** Filters of the page sent with every search (only maintenance companies: `{ type: 3 }`). */
  filter?: Query;
  id?: string;
  placeholder?: string;
  maxCount?: number;
  style?: CSSProperties;
  testId?: string;
}

/**
 * A picker of records of another entity that searches as the user types: the server's name filter (`like`) over a
 * small page, asked when the typing pauses. The chosen records show by name even when they are not among the
 * matches (each is read by its id).
 */
export function RefSelect(props: RefSelectProps) {
  const { t, i18n } = useTranslation();
  const { client, session, language } = useConsole();
  const { entity } = props;
  // Only what the user may read is asked for: a picker of records they cannot list is shown disabled, with why,
  // instead of a 403 notice for a lookup the page never asked them about.
  const allowed = !!session && permits(session.username, session.auth, entity.permission.read);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const typed = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const search = useQuery({
    queryKey: [entity.path, 'options', props.filter ?? {}, typed],
    queryFn: () =>
      client.crud<Record<string, unknown>>(entity.path).list({
        ...props.filter,
        ...(typed ? { [entity.nameField]: typed } : {}),
        pageNo: 1,
        pageSize: OPTION_PAGE_SIZE,
      }) as Promise<Page<Record<string, unknown>>>,
    enabled: open && allowed,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
    retry: false,
    // a failure shows in the picker itself, not as a notice
    meta: { silent: true },
  });
  const chosen = [props.value ?? []].flat();
  const names = useRecordLabels(allowed ? entity : null, chosen);
  const matches = (search.data?.records ?? []).map((row) => ({
    value: Number(row.id),
    label: recordLabel(entity, row),
  }));
  // names seen among matches, so a record just picked keeps its name while its own read is on the way
  const seen = useRef(new Map<number, string>());
  for (const m of matches) seen.current.set(m.value, m.label);
  // the chosen records carry their names themselves (labelInValue): the matches of what is typed need not hold them
  const labelled = chosen.map((id) => ({ value: id, label: names.get(id) ?? seen.current.get(id) ?? String(id) }));
  const more = (search.data?.total ?? 0) - matches.length;
  const searching = search.isFetching || text.trim() !== typed;

  return (
    <Select<Labelled | Labelled[] | null>
      id={props.id}
      labelInValue
      mode={props.multiple ? 'multiple' : undefined}
      allowClear
      style={props.style}
      data-testid={props.testId}
      data-allowed={allowed}
      disabled={!allowed}
      title={allowed ? undefined : t('picker.notAllowed', { label: entity.label[language] })}
      placeholder={
        allowed
          ? (props.placeholder ?? t('picker.searchByName'))
          : t('picker.notAllowed', { label: entity.label[language] })
      }
      options={matches}
      value={props.multiple ? labelled : (labelled[0] ?? null)}
      maxCount={props.maxCount}
      onChange={(next) => props.onChange?.(idsOf(next, props.multiple === true))}
      showSearch={{ filterOption: false, onSearch: setText, searchValue: text }}
      onOpenChange={(isOpen) => {
        setOpen(isOpen);
        if (!isOpen) setText('');
      }}
      loading={searching}
      notFoundContent={searching ? <Spin size="small" /> : search.isError ? t('picker.failed') : t('picker.noMatch')}
      popupRender={(menu) => (
        <>
          {menu}
          {more > 0 && !searching ? (
            <Typography.Text type="secondary" style={{ display: 'block', padding: '4px 12px' }}>
              {/* past 10,000 matches the total is an estimate (docs/decisions.md, "Lists at scale") */}
              {search.data?.totalEstimated
                ? t('picker.moreAbout', { total: more.toLocaleString(i18n.language) })
                : t('picker.more', { count: more })}
            </Typography.Text>
          ) : null}
        </>
      )}
    />
  );
}

import { keepPreviousData, usePrefetchQuery, useQuery } from '@tanstack/react-query';
import { Card, Flex, Space, Table } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES, type EntityDef, type EntityName, type Page, type PageSize, type Query } from '@liftcloud/client';
import { useConsole } from '../../app/ConsoleContext';
import type { Row } from './fieldColumns';
import { listPageKey } from './listPageKey';
import { SearchForm } from './SearchForm';
import { TableStatus, type TableState } from './TableStatus';
import { useListParams } from './useListParams';

export interface ListPageProps {
  entity: EntityDef;
  columns: ColumnType<Row>[];
  /** Filters the page always sends and does not show (a company type). */
  fixedQuery?: Query;
  /** Filters the pickers of reference filters send with their searches (only maintenance companies). */
  refFilters?: Record<string, Query>;
  /** Buttons above the table (Add). */
  toolbar?: ReactNode;
  /** The actions column; none when absent. */
  rowActions?: (row: Row) => ReactNode;
  testId?: string;
  /** Checkboxes on the rows: the ids chosen, and the page's handler. */
  selection?: { selected: number[]; onChange: (ids: number[]) => void; single?: boolean };
}

export const listQueryKey = (entity: EntityDef) => [entity.path, 'list'] as const;

/** The width of the fixed actions column, in pixels: two or three links a line. */
const ACTIONS_WIDTH = 220;
/** The narrowest a column is drawn before the table scrolls sideways: a date, a short name, two header lines. */
const MIN_COLUMN_WIDTH = 92;
/** The checkbox column of a selectable list. */
const SELECTION_WIDTH = 48;

/**
 * The width below which the table scrolls sideways: each column at its own width or the minimum. Above it the
 * columns share the card's width (fixed layout, long values cut with an ellipsis, headers wrapping), so at a
 * desktop width no column lies under the fixed actions column. Sized by content ('max-content') the longest
 * labels (Italian) pushed the last columns under it.
 */
export function tableMinWidth(columns: ColumnType<Row>[], selectable: boolean): number {
  const widths = columns.map((c) => (typeof c.width === 'number' ? c.width : MIN_COLUMN_WIDTH));
  return widths.reduce((a, b) => a + b, selectable ? SELECTION_WIDTH : 0);
}

/**
 * The one list of the console: search form from the entity's filters, Search and Reset, pages of 20 to
 * 200, the loading/finish/empty/error states with click-to-refresh, and filters and page in the URL.
 */
export function ListPage(props: ListPageProps) {
  const { t, i18n } = useTranslation();
  const { client } = useConsole();
  const { state, search, reset, setPage } = useListParams(props.entity);
  const query: Query = { ...state.filters, ...props.fixedQuery, pageNo: state.pageNo, pageSize: state.pageSize };
  const page = {
    queryKey: listPageKey(props.entity.path, query),
    queryFn: () => client.entities[props.entity.name as EntityName].list(query) as Promise<Page<Row>>,
  };
  // Asked for as the list first renders, not after the whole screen has (useQuery fetches once it is
  // committed): a cold console renders its frame for a few hundred milliseconds before that (B6, first rows).
  usePrefetchQuery(page);
  const list = useQuery({ ...page, placeholderData: keepPreviousData });

  const rows = list.data?.records ?? [];
  const tableState: TableState =
    list.isFetching && !list.isError ? 'loading' : list.isError ? 'error' : rows.length === 0 ? 'empty' : 'finish';
  const refresh = () => void list.refetch();

  const columns: ColumnType<Row>[] = props.rowActions
    ? [
        ...props.columns,
        {
          key: 'actions',
          title: t('common.actions'),
          fixed: 'right',
          // A bounded column whose links wrap: with long labels (Italian) and several actions a one-line column
          // grew until, fixed at the right, it covered the columns beside it.
          width: ACTIONS_WIDTH,
          render: (_: unknown, row: Row) => (
            <Space size={[4, 0]} wrap>
              {props.rowActions?.(row)}
            </Space>
          ),
        },
      ]
    : props.columns;

  return (
    <Card data-testid={props.testId ?? `list-${props.entity.name}`} data-state={tableState}>
      <SearchForm
        entity={props.entity}
        values={state.filters}
        hidden={Object.keys(props.fixedQuery ?? {})}
        refFilters={props.refFilters}
        onSearch={(filters) => {
          // Searching for what is already shown asks the server again.
          const same = JSON.stringify(filters) === JSON.stringify(state.filters) && state.pageNo === 1;
          if (same) refresh();
          else search(filters);
        }}
        onReset={reset}
      />
      {props.toolbar ? (
        <Flex style={{ marginBottom: 12 }} gap={8}>
          {props.toolbar}
        </Flex>
      ) : null}
      <Table<Row>
        rowKey="id"
        size="middle"
        className="lc-list-table"
        tableLayout="fixed"
        scroll={{ x: tableMinWidth(columns, !!props.selection) }}
        columns={columns}
        rowSelection={
          props.selection
            ? {
                type: props.selection.single ? 'radio' : 'checkbox',
                selectedRowKeys: props.selection.selected,
                onChange: (keys) => props.selection?.onChange(keys.map(Number)),
              }
            : undefined
        }
        dataSource={list.isError ? [] : rows}
        loading={list.isFetching}
        locale={{
          emptyText:
            tableState === 'loading' ? (
              ' '
            ) : (
              <TableStatus state={tableState} message={list.error?.message} onRefresh={refresh} />
            ),
        }}
        pagination={{
          current: state.pageNo,
          pageSize: state.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES.map(String),
          showTotal: (total) =>
            list.data?.totalEstimated
              ? t('common.totalAbout', { total: total.toLocaleString(i18n.language) })
              : t('common.total', { count: total }),
          onChange: (pageNo, pageSize) => setPage(pageNo, pageSize as PageSize),
        }}
      />
    </Card>
  );
}

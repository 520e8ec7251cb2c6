import { PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translate, type EntityDef, type EntityName, type Page } from '@liftcloud/client';
import { useConsole } from '../../app/ConsoleContext';
import { LazyEntityForm } from '../../components/form/LazyEntityForm';
import { fieldColumns, type Row } from '../../components/list/fieldColumns';

/**
 * The records of one parent (an elevator's floors or parts): a plain table of up to 200, with add, edit and
 * delete through the entity form, the parent's id fixed. Not a ListPage: its filters would share the URL
 * with the page's own list.
 */
export function DetailTable(props: {
  entity: EntityDef;
  parent: Record<string, number>;
  columns: readonly string[];
  sortBy?: string;
}) {
  const { t } = useTranslation();
  const { client, language } = useConsole();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Row | null>(null);
  const [creating, setCreating] = useState(false);
  const calls = client.entities[props.entity.name as EntityName];
  const list = useQuery({
    queryKey: [props.entity.path, 'detail', props.parent],
    queryFn: () => calls.list({ ...props.parent, pageNo: 1, pageSize: 200 }) as Promise<Page<Row>>,
  });
  const remove = useMutation({
    mutationFn: (id: number) => calls.remove(id),
    onSuccess: () => {
      message.success(translate(language, 'outcome.deleted'));
      void queryClient.invalidateQueries({ queryKey: [props.entity.path] });
    },
  });
  const key = props.sortBy;
  const rows = [...(list.data?.records ?? [])].sort((a, b) => (key ? Number(a[key]) - Number(b[key]) : 0));
  const label = props.entity.label[language];
  return (
    <div data-testid={`detail-${props.entity.name}`} data-state={list.isFetching ? 'loading' : 'finish'}>
      <Button
        type="primary"
        icon={<PlusOutlined />}
        style={{ marginBottom: 12 }}
        onClick={() => setCreating(true)}
        data-testid={`create-${props.entity.name}`}
      >
        {t('common.create')}
      </Button>
      <Table<Row>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={rows}
        pagination={false}
        columns={[
          ...fieldColumns(props.entity, props.columns, language),
          {
            key: 'actions',
            title: t('common.actions'),
            render: (_: unknown, row: Row) => (
              <Space size="small">
                <Button size="small" type="link" onClick={() => setEditing(row)} data-testid={`edit-${row.id}`}>
                  {t('common.edit')}
                </Button>
                <Popconfirm
                  title={t('common.deleteConfirm')}
                  onConfirm={() => remove.mutate(row.id)}
                  okText={t('common.ok')}
                  cancelText={t('common.cancel')}
                >
                  <Button size="small" type="link" danger>
                    {t('common.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <LazyEntityForm
        entity={props.entity}
        open={creating || editing !== null}
        record={editing ?? undefined}
        fixed={props.parent}
        title={editing ? `${t('common.edit')} · ${label}` : `${t('common.create')} · ${label}`}
        onClose={() => {
          setCreating(false);
          setEditing(null);
        }}
      />
    </div>
  );
}

import { UploadOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Popconfirm, Space, Table, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  acceptOf,
  megabytesOf,
  permits,
  translate,
  uploadProblem,
  type EntityDef,
  type EntityName,
  type FileInfo,
} from '@liftcloud/client';
import { useConsole } from '../../app/ConsoleContext';
import { saveBlob } from './saveBlob';

/** 1536 → '1.5 KB': a file size as people read it. */
export function readableSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value >= 10 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}

/**
 * A record's attachments (its entity's definition declares which types and how large): listed with name, size,
 * upload time and uploader, downloaded through the API (the download carries the session), uploaded with the
 * limits shown and checked before sending, and deleted by those who may change the record.
 */
export function Attachments(props: { entity: EntityDef; recordId: number; readOnly?: boolean }) {
  const { entity, recordId } = props;
  const { t } = useTranslation();
  const { client, language, session } = useConsole();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const name = entity.name as EntityName;
  const limit = entity.attachments;
  // a record that may no longer change (a voided contract) keeps its files for reading only; the server refuses too
  const canWrite = !props.readOnly && !!session && permits(session.username, session.auth, entity.permission.write);
  const key = [entity.path, recordId, 'attachments'];
  const list = useQuery({ queryKey: key, queryFn: () => client.attachments.list(name, recordId) });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: key });
  const upload = useMutation({
    mutationFn: (file: File) => client.attachments.upload(name, recordId, file),
    onSuccess: (kept) => {
      message.success(t('files.uploaded', { name: kept.name }));
      refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (fileId: number) => client.attachments.remove(name, recordId, fileId),
    onSuccess: () => {
      message.success(translate(language, 'outcome.deleted'));
      refresh();
    },
  });
  const download = useMutation({
    mutationFn: async (file: FileInfo) => {
      const { blob, fileName } = await client.files.download(file.id);
      saveBlob(blob, fileName ?? file.name);
    },
  });
  if (!limit) return null;
  const types = limit.types.join(', ');
  const size = megabytesOf(limit);
  return (
    <Flex
      vertical
      gap={12}
      data-testid={`attachments-${entity.name}`}
      data-state={list.isFetching ? 'loading' : 'finish'}
    >
      {canWrite ? (
        <Flex align="center" gap={12}>
          <Upload
            accept={acceptOf(limit)}
            showUploadList={false}
            disabled={upload.isPending}
            beforeUpload={(file) => {
              const problem = uploadProblem(file.name, file.size, limit);
              if (problem)
                message.error(problem === 'type' ? t('files.wrongType', { types }) : t('files.tooLarge', { size }));
              return problem ? Upload.LIST_IGNORE : true;
            }}
            customRequest={({ file }) => upload.mutate(file as File)}
          >
            <Button type="primary" icon={<UploadOutlined />} loading={upload.isPending} data-testid="attachment-upload">
              {t('files.upload')}
            </Button>
          </Upload>
          <Typography.Text type="secondary" data-testid="attachment-limits">
            {t('files.limits', { types, size })}
          </Typography.Text>
        </Flex>
      ) : null}
      <Table<FileInfo>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={list.data ?? []}
        pagination={false}
        columns={[
          { key: 'name', dataIndex: 'name', title: t('files.name') },
          { key: 'size', dataIndex: 'size', title: t('files.size'), render: (bytes: number) => readableSize(bytes) },
          { key: 'createTime', dataIndex: 'createTime', title: t('files.uploadTime') },
          { key: 'uploaderName', dataIndex: 'uploaderName', title: t('files.uploader') },
          {
            key: 'actions',
            title: t('common.actions'),
            render: (_: unknown, file: FileInfo) => (
              <Space size="small">
                <Button
                  size="small"
                  type="link"
                  loading={download.isPending && download.variables?.id === file.id}
                  onClick={() => download.mutate(file)}
                  data-testid={`attachment-download-${file.id}`}
                >
                  {t('files.download')}
                </Button>
                {canWrite ? (
                  <Popconfirm
                    title={t('files.deleteConfirm')}
                    onConfirm={() => remove.mutate(file.id)}
                    okText={t('common.ok')}
                    cancelText={t('common.cancel')}
                  >
                    <Button size="small" type="link" danger data-testid={`attachment-delete-${file.id}`}>
                      {t('common.delete')}
                    </Button>
                  </Popconfirm>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
    </Flex>
  );
}

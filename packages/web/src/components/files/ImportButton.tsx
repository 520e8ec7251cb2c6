import { UploadOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Modal, Table } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ApiError,
  ENTITIES,
  importFileRules,
  translate,
  type ImportableEntity,
  type MessageKey,
  type ImportRowError,
} from '@liftcloud/client';
import { useConsole } from '../../app/ConsoleContext';
import { reportError } from '../../app/reportError';

/**
 * Upload one .xlsx to POST {path}/import. A refused file lists each bad row (row number, column, reason, as
 * the server wrote them); choosing the fixed file again imports it.
 */
export function ImportButton(props: { entity: ImportableEntity }) {
  const { t } = useTranslation();
  const { client, language } = useConsole();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [rows, setRows] = useState<ImportRowError[] | null>(null);

  const upload = useMutation({
    meta: { silent: true },
    mutationFn: (file: File) => client.imports.upload(props.entity, file),
    onSuccess: (answer) => {
      setRows(null);
      message.success(t('registry.importDone', { ...answer }));
      void queryClient.invalidateQueries({ queryKey: [ENTITIES[props.entity].path] });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fieldErrors.some((e) => 'row' in e))
        setRows(error.fieldErrors as ImportRowError[]);
      else reportError(error);
    },
  });

  const chosen = (file: File | undefined) => {
    if (!file) return;
    const issues = importFileRules(file.name);
    if (issues.length > 0) {
      message.error(translate(language, issues[0]!.rule as MessageKey, { ...issues[0]!.params, field: file.name }));
      return;
    }
    upload.mutate(file);
  };

  return (
    <>
      <Button
        icon={<UploadOutlined />}
        loading={upload.isPending}
        onClick={() => input.current?.click()}
        data-testid="import-button"
      >
        {t('registry.import')}
      </Button>
      <input
        ref={input}
        type="file"
        accept=".xlsx"
        style={{ display: 'none' }}
        data-testid="import-file"
        onChange={(e) => {
          chosen(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      <Modal
        open={rows !== null}
        title={t('registry.import')}
        onCancel={() => setRows(null)}
        width={760}
        footer={[
          <Button key="close" onClick={() => setRows(null)}>
            {t('common.close')}
          </Button>,
          <Button key="again" type="primary" onClick={() => input.current?.click()} loading={upload.isPending}>
            {t('registry.import')}
          </Button>,
        ]}
      >
        <Alert type="error" showIcon title={t('registry.importErrors')} style={{ marginBottom: 12 }} />
        <Table<ImportRowError>
          data-testid="import-errors"
          size="small"
          rowKey={(r) => `${r.row}:${r.column}:${r.rule}`}
          pagination={{ pageSize: 10 }}
          dataSource={rows ?? []}
          columns={[
            { key: 'row', title: t('registry.row'), dataIndex: 'row', width: 70 },
            { key: 'column', title: t('registry.column'), dataIndex: 'column', width: 180 },
            { key: 'message', title: t('registry.reason'), dataIndex: 'message' },
          ]}
        />
      </Modal>
    </>
  );
}

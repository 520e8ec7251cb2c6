import { UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { gatewayVersion, isSuperAdmin, UPLOAD_LIMITS } from '@liftcloud/client';
import { useConsole } from '../../app/ConsoleContext';
import { reportError } from '../../app/reportError';
import { CrudPage } from '../../components/crud/CrudPage';
import type { Row } from '../../components/list/fieldColumns';

const COLUMNS = [
  'softwareName',
  'version',
  'versionId',
  'status',
  'fullAdapter',
  'md5',
  'releaseDate',
  'fileUrl',
  'creator',
];

/** Send a version's program file; the server keeps it only when its MD5 matches the version's. */
function ProgramFileButton(props: { row: Row }) {
  const { t } = useTranslation();
  const { client } = useConsole();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  return (
    <Upload
      showUploadList={false}
      beforeUpload={(file) => {
        if (file.size <= UPLOAD_LIMITS.firmware.maxBytes) return true;
        message.error(t('gatewayVersions.tooLarge', { limit: UPLOAD_LIMITS.firmware.maxBytes / 1024 / 1024 }));
        return Upload.LIST_IGNORE;
      }}
      customRequest={({ file }) => {
        setBusy(true);
        client.files
          .uploadFirmware(Number(props.row.id), file as File)
          .then(() => {
            message.success(t('gatewayVersions.uploaded'));
            void queryClient.invalidateQueries({ queryKey: [gatewayVersion.path] });
          }, reportError)
          .finally(() => setBusy(false));
      }}
    >
      <Button size="small" type="link" icon={<UploadOutlined />} loading={busy} data-testid={`upload-${props.row.id}`}>
        {t('gatewayVersions.upload')}
      </Button>
    </Upload>
  );
}

/** Gateway program versions: the platform's (super admin publishes, every gateway user reads). */
export default function GatewayVersionsPanel() {
  const { session } = useConsole();
  const publisher = isSuperAdmin(session?.username ?? '');
  return (
    <CrudPage
      entity={gatewayVersion}
      columns={COLUMNS}
      readOnly={!publisher}
      extraActions={publisher ? (row) => <ProgramFileButton row={row} /> : undefined}
    />
  );
}

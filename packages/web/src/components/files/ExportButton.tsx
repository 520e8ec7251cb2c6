import { DownloadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EntityDef, EntityName, Query } from '@liftcloud/client';
import { useConsole } from '../../app/ConsoleContext';
import { useListParams } from '../list/useListParams';
import { saveBlob } from './saveBlob';

/** Downloads the list's rows (its filters applied) as the .xlsx GET {path}/export answers. */
export function ExportButton(props: { entity: EntityDef; fixed?: Query }) {
  const { t } = useTranslation();
  const { client } = useConsole();
  const { state } = useListParams(props.entity);
  const download = useMutation({
    mutationFn: async () => {
      const query: Query = { ...state.filters, ...props.fixed };
      const { blob, fileName } = await client.exports.download(props.entity.name as EntityName, query);
      saveBlob(blob, fileName ?? `${props.entity.name}.xlsx`);
    },
  });
  return (
    <Button
      icon={<DownloadOutlined />}
      loading={download.isPending}
      onClick={() => download.mutate()}
      data-testid="export-button"
    >
      {t('registry.export')}
    </Button>
  );
}

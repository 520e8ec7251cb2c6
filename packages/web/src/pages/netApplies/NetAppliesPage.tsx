import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { elevator, generateElevatorFromNetApply, netApply, reviewNetApply, translate } from '@liftcloud/client';
import { useConsole } from '../../app/ConsoleContext';
import { CrudPage } from '../../components/crud/CrudPage';
import { ExportButton } from '../../components/files/ExportButton';
import { ImportButton } from '../../components/files/ImportButton';

const COLUMNS = ['elevatorName', 'registerCode', 'dtuCode', 'elevatorType', 'useUnitName', 'status', 'generated'];

/** Network applications (index 814): review, generate the elevator, xlsx import and export. */
export default function NetAppliesPage() {
  const { t } = useTranslation();
  const { client, language } = useConsole();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const done = () => {
    message.success(translate(language, 'outcome.done'));
    void queryClient.invalidateQueries({ queryKey: [netApply.path] });
    void queryClient.invalidateQueries({ queryKey: [elevator.path] });
  };
  const review = useMutation({
    mutationFn: (id: number) => client.call(reviewNetApply, { params: { id } }),
    onSuccess: done,
  });
  const generate = useMutation({
    mutationFn: (id: number) => client.call(generateElevatorFromNetApply, { params: { id } }),
    onSuccess: done,
  });
  return (
    <CrudPage
      entity={netApply}
      columns={COLUMNS}
      toolbarExtra={
        <>
          <ImportButton entity="netApply" />
          <ExportButton entity={netApply} />
        </>
      }
      extraActions={(row) =>
        row.status === 0 ? (
          <Button size="small" type="link" onClick={() => review.mutate(row.id)} data-testid={`review-${row.id}`}>
            {t('registry.review')}
          </Button>
        ) : row.generated ? null : (
          <Popconfirm
            title={t('registry.generate')}
            okText={t('common.ok')}
            cancelText={t('common.cancel')}
            onConfirm={() => generate.mutate(row.id)}
          >
            <Button size="small" type="link" data-testid={`generate-${row.id}`}>
              {t('registry.generate')}
            </Button>
          </Popconfirm>
        )
      }
    />
  );
}

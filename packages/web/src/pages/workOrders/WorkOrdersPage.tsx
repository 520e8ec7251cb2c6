import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { LIVE_FRAME_TYPE, workOrder } from '@liftcloud/client';
import { useLiveFrames } from '../../live/liveFrames';
import { CrudPage } from '../../components/crud/CrudPage';
import { ExportButton } from '../../components/files/ExportButton';
import { RaiseOrderButton } from './RaiseOrderButton';

const COLUMNS = ['workOrderNo', 'elevatorName', 'type', 'recordState', 'alarmTime', 'callTime', 'finishTime'];

/** Repair work orders (index 302); each opens its detail page with the allowed actions. */
export default function WorkOrdersPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // an order opened or moved (the live channel's work-order frames) shows without a reload
  useLiveFrames(
    () => void queryClient.invalidateQueries({ queryKey: [workOrder.path] }),
    (frame) => frame.type === LIVE_FRAME_TYPE.workOrder,
  );
  return (
    <CrudPage
      entity={workOrder}
      columns={COLUMNS}
      readOnly
      toolbarExtra={
        <>
          <RaiseOrderButton />
          <ExportButton entity={workOrder} />
        </>
      }
      extraActions={(row) => (
        <Link to={`/workOrder/${row.id}`} data-testid={`work-order-${row.id}`}>
          {t('common.detail')}
        </Link>
      )}
    />
  );
}

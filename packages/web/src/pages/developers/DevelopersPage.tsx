import { developer, rotateDeveloperSecret, type DeveloperSecret } from '@liftcloud/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, InputNumber, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConsole } from '../../app/ConsoleContext';
import { CrudPage } from '../../components/crud/CrudPage';
import type { Row } from '../../components/list/fieldColumns';
import { DeliveriesDrawer } from './DeliveriesDrawer';

const COLUMNS = ['code', 'name', 'appKey', 'status', 'type', 'contact', 'mobile', 'secretIssueTime'];

/**
 * Developer accounts (/developer, super admin; issue 16): the record with its push URLs, subscriptions and data
 * authority, and the secret: issued right after a create and on "Rotate secret", shown once in a dialog.
 */
export default function DevelopersPage() {
  const { t } = useTranslation();
  const { client } = useConsole();
  const queryClient = useQueryClient();
  const [target, setTarget] = useState<Row | null>(null);
  const [overlap, setOverlap] = useState<number>(24);
  const [shown, setShown] = useState<DeveloperSecret | null>(null);
  const [logOf, setLogOf] = useState<{ id: number; name: string } | null>(null);
  const issue = useMutation({
    mutationFn: (input: { id: number; overlapHours: number }) =>
      client.call(rotateDeveloperSecret, { params: { id: input.id }, body: { overlapHours: input.overlapHours } }),
    onSuccess: (secret) => {
      setTarget(null);
      setShown(secret);
      void queryClient.invalidateQueries({ queryKey: [developer.path] });
    },
  });
  return (
    <>
      <CrudPage
        entity={developer}
        columns={COLUMNS}
        // a new account gets its first secret at once, shown in the same dialog as a rotation's
        onSaved={(saved) => {
          const rec = saved as { id?: number; secretIssueTime?: string | null };
          if (rec.id && !rec.secretIssueTime) issue.mutate({ id: rec.id, overlapHours: 0 });
        }}
        extraActions={(row) => (
          <>
            <Button
              size="small"
              type="link"
              data-testid={`deliveries-${row.id}`}
              onClick={() => setLogOf({ id: row.id, name: String(row.name) })}
            >
              {t('developers.deliveries')}
            </Button>
            <Button
              size="small"
              type="link"
              data-testid={`rotate-${row.id}`}
              onClick={() => {
                setOverlap(24);
                setTarget(row);
              }}
            >
              {row.secretIssueTime ? t('developers.rotate') : t('developers.issue')}
            </Button>
          </>
        )}
      />
      <DeliveriesDrawer developer={logOf} onClose={() => setLogOf(null)} />
      <Modal
        open={target !== null}
        title={target ? t('developers.rotateTitle', { name: String(target.name) }) : ''}
        okText={t('developers.rotate')}
        okButtonProps={{ 'data-testid': 'rotate-ok' } as never}
        confirmLoading={issue.isPending}
        onOk={() => target && issue.mutate({ id: target.id, overlapHours: overlap })}
        onCancel={() => setTarget(null)}
      >
        <Typography.Paragraph>{t('developers.overlapHours')}</Typography.Paragraph>
        <InputNumber min={0} max={168} value={overlap} onChange={(v) => setOverlap(Number(v ?? 0))} />
      </Modal>
      <Modal
        open={shown !== null}
        title={t('developers.appSecret')}
        footer={null}
        onCancel={() => setShown(null)}
        destroyOnHidden
      >
        {shown ? (
          <>
            <Alert type="warning" showIcon title={t('developers.secretOnce')} style={{ marginBottom: 12 }} />
            <Descriptions column={1} bordered size="small">
              <Descriptions.Item label={t('developers.appKey')}>
                <Typography.Text copyable>{shown.appKey}</Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label={t('developers.appSecret')}>
                <Typography.Text copyable data-testid="developer-secret">
                  {shown.appSecret}
                </Typography.Text>
              </Descriptions.Item>
            </Descriptions>
            {shown.previousSecretUntil ? (
              <Typography.Paragraph style={{ marginTop: 12 }}>
                {t('developers.previousUntil', { time: shown.previousSecretUntil })}
              </Typography.Paragraph>
            ) : null}
          </>
        ) : null}
      </Modal>
    </>
  );
}

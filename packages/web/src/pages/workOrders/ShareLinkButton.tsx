import { ShareAltOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Button, Modal, QRCode, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useConsole } from '../../app/ConsoleContext';

/**
 * Mints a signed link to the order's mobile page (7 days) and shows it to copy and as a QR code for a
 * phone. Each press makes a new link; earlier ones keep working until they expire. `create` mints another kind
 * of signed link the same way (an EOCD run's or elevator's public page), `label` names the button then.
 */
export function ShareLinkButton(props: {
  workOrderId?: number;
  create?: () => Promise<{ path: string; expireTime: string }>;
  label?: string;
}) {
  const { t } = useTranslation();
  const { client } = useConsole();
  const mint = useMutation({
    mutationFn: () => props.create?.() ?? client.workOrderLinks.create(props.workOrderId!),
  });
  const url = mint.data ? `${window.location.origin}${mint.data.path}` : '';
  return (
    <>
      <Button
        icon={<ShareAltOutlined />}
        loading={mint.isPending}
        onClick={() => mint.mutate()}
        data-testid="share-link-button"
      >
        {props.label ?? t('shareLink.share')}
      </Button>
      <Modal
        open={Boolean(mint.data)}
        title={t('shareLink.title')}
        footer={null}
        onCancel={() => mint.reset()}
        destroyOnHidden
      >
        {mint.data ? (
          <Space orientation="vertical" align="center" style={{ width: '100%' }} data-testid="share-link">
            <QRCode value={url} size={200} />
            <Typography.Paragraph
              copyable={{ text: url, tooltips: [t('shareLink.copy'), t('shareLink.copied')] }}
              style={{ wordBreak: 'break-all', marginBottom: 0 }}
              data-testid="share-link-url"
            >
              {url}
            </Typography.Paragraph>
            <Typography.Text type="secondary">{t('shareLink.hint', { time: mint.data.expireTime })}</Typography.Text>
          </Space>
        ) : null}
      </Modal>
    </>
  );
}

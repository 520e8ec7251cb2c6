import { MobileOutlined, QrcodeOutlined } from '@ant-design/icons';
import { Button, Image, Popover, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBranding } from '../branding/useBranding';

function QrPopover(props: { title: string; image: string | null | undefined; icon: ReactNode; testId: string }) {
  const { t } = useTranslation();
  const content = props.image ? (
    <Image src={props.image} alt={props.title} width={160} preview={false} />
  ) : (
    <Typography.Text type="secondary">{t('shell.noQrCode')}</Typography.Text>
  );
  return (
    <Popover title={props.title} content={content} trigger="hover">
      <Button type="text" icon={props.icon} aria-label={props.title} data-testid={props.testId} />
    </Popover>
  );
}

/** The app and mini-program QR codes of the host's UI setting. */
export function QrPopovers() {
  const { t } = useTranslation();
  const branding = useBranding();
  return (
    <>
      <QrPopover title={t('shell.appQrCode')} image={branding?.appQrCode} icon={<MobileOutlined />} testId="qr-app" />
      <QrPopover
        title={t('shell.miniProgramQrCode')}
        image={branding?.miniProgramQrCode}
        icon={<QrcodeOutlined />}
        testId="qr-mini"
      />
    </>
  );
}

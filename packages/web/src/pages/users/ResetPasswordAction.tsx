import { App, Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useClient } from '../../app/ConsoleContext';
import { reportError } from '../../app/reportError';

/** POST users/{id}/resetPassword, then show the one-time password once, with a copy button. */
export function ResetPasswordAction(props: { userId: number }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const client = useClient();
  const reset = async () => {
    try {
      const { password } = await client.users.resetPassword(props.userId);
      modal.info({
        title: t('users.oneTimePassword'),
        okText: t('common.close'),
        content: (
          <>
            <Typography.Paragraph>{t('users.oneTimePasswordHint')}</Typography.Paragraph>
            <Typography.Text code copyable strong data-testid="one-time-password">
              {password}
            </Typography.Text>
          </>
        ),
      });
    } catch (error) {
      reportError(error);
    }
  };
  return (
    <Button
      size="small"
      type="link"
      data-testid={`reset-password-${props.userId}`}
      onClick={() =>
        modal.confirm({
          title: t('users.resetConfirm'),
          okText: t('common.ok'),
          cancelText: t('common.cancel'),
          onOk: reset,
        })
      }
    >
      {t('users.resetPassword')}
    </Button>
  );
}

import { MutedOutlined, SoundOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { setMuted, useMuted } from '../notices/muteStore';

export function MuteToggle() {
  const { t } = useTranslation();
  const muted = useMuted();
  const label = muted ? t('shell.unmute') : t('shell.mute');
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        aria-label={label}
        aria-pressed={muted}
        data-testid="mute-toggle"
        icon={muted ? <MutedOutlined /> : <SoundOutlined />}
        onClick={() => setMuted(!muted)}
      />
    </Tooltip>
  );
}

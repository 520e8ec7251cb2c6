import { LIVE_FRAME_TYPE } from '@liftcloud/client';
import { useNavigate } from 'react-router-dom';
import { useConsole } from '../app/ConsoleContext';
import { withFeedback } from '../app/feedback';
import { useLiveFrames } from '../live/liveFrames';
import { OTA_TEXT } from '../pages/ota/otaText';

/**
 * OTA notices from the live channel (frame `ota`): an application decided reaches its applicant (the server sends
 * it to that user only), a new one the program owner's approvers. A click opens /otaApply.
 */
export function OtaNotices() {
  const { language } = useConsole();
  const navigate = useNavigate();
  useLiveFrames((frame) => {
    if (frame.type !== LIVE_FRAME_TYPE.ota) return;
    const d = frame.data;
    const title =
      d.action === 'approve' ? OTA_TEXT.approved : d.action === 'reject' ? OTA_TEXT.rejected : OTA_TEXT.applied;
    withFeedback((ui) =>
      ui.notification[d.action === 'reject' ? 'warning' : 'info']({
        title: title[language],
        description: (
          <div data-testid={`ota-notice-${d.id}`}>
            {`${d.programName ?? d.programId} × ${d.applyNumber} · ${d.by}${d.reason ? ` · ${d.reason}` : ''}`}
          </div>
        ),
        style: { cursor: 'pointer' },
        onClick: () => navigate('/otaApply'),
      }),
    );
  });
  return null;
}

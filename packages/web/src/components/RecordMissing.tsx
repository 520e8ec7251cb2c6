import { Result } from 'antd';
import { ApiError } from '@liftcloud/client';
import { useTranslation } from 'react-i18next';

/** Whether a read failed because the record is not there (or not the caller's to see): a 404. */
export const isMissing = (error: unknown): boolean => error instanceof ApiError && error.status === 404;

/**
 * A page whose record does not exist says so, in the server's words in the reader's language ("记录不存在"), instead
 * of showing an empty view of an id (/singleMonitor/999, /publicNoticeDetail/999).
 */
export function RecordMissing(props: { error: unknown; id: string | number }) {
  const { t } = useTranslation();
  const message = props.error instanceof ApiError ? props.error.message : t('shell.notFound');
  // another failure (the server down, no permission) is said the same way, with its own message
  const missing = isMissing(props.error);
  return (
    <Result
      status={missing ? '404' : 'warning'}
      title={`#${props.id}`}
      subTitle={message}
      data-testid={missing ? 'record-missing' : 'record-unreadable'}
    />
  );
}

import { useQuery } from '@tanstack/react-query';
import { Button, Card, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { useClient } from '../../app/ConsoleContext';
import { RecordMissing } from '../../components/RecordMissing';

/** /publicNoticeDetail/{id}: one announcement, its text shown as plain paragraphs. */
export default function AnnouncementDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useClient();
  const id = Number(useParams().id);
  const notice = useQuery({
    queryKey: ['announcements', id],
    queryFn: () => client.entities.announcement.get(id),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
    meta: { silent: true },
  });
  if (notice.isError) return <RecordMissing error={notice.error} id={id} />;
  return (
    <Card
      data-testid="announcement-detail"
      title={notice.data?.title ?? t('shell.announcementDetail')}
      extra={<Button onClick={() => navigate(-1)}>{t('common.back')}</Button>}
    >
      {notice.isLoading ? (
        <Skeleton active />
      ) : notice.data ? (
        <>
          <Typography.Paragraph type="secondary">
            {[notice.data.publisher, notice.data.publishTime].filter(Boolean).join(' · ')}
          </Typography.Paragraph>
          {notice.data.content.split(/\n+/).map((line, i) => (
            <Typography.Paragraph key={i}>{line}</Typography.Paragraph>
          ))}
        </>
      ) : (
        <Typography.Text type="secondary">{t('common.empty')}</Typography.Text>
      )}
    </Card>
  );
}

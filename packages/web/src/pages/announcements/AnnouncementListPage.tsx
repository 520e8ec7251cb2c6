import { PushpinOutlined } from '@ant-design/icons';
import { Card, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@liftcloud/client';
import { useAnnouncementNotices } from './useAnnouncementNotices';

/** /publicNoticeMore: every announcement, pinned first, page in the URL. */
export default function AnnouncementListPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const pageNo = Math.max(1, Number(params.get('pageNo')) || 1);
  const size = Number(params.get('pageSize'));
  const pageSize = (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE;
  const notices = useAnnouncementNotices(pageNo, pageSize);
  return (
    <Card title={t('shell.announcements')} data-testid="announcement-list">
      <List
        loading={notices.isFetching}
        dataSource={notices.data?.list ?? []}
        locale={{ emptyText: t('home.noAnnouncements') }}
        pagination={{
          current: pageNo,
          pageSize,
          total: notices.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES.map(String),
          onChange: (p, s) => setParams({ pageNo: String(p), pageSize: String(s) }),
        }}
        renderItem={(item) => (
          <List.Item extra={<Typography.Text type="secondary">{item.publishTime ?? item.createTime}</Typography.Text>}>
            <Link to={`/publicNoticeDetail/${item.id}`}>
              {item.pinned ? <PushpinOutlined style={{ marginRight: 6 }} /> : null}
              {item.title}
            </Link>
          </List.Item>
        )}
      />
    </Card>
  );
}

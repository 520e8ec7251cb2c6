import { Card, Col, Descriptions, List, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { enumLabel, userType } from '@liftcloud/client';
import { useConsole } from '../../app/ConsoleContext';
import { useBranding } from '../../branding/useBranding';
import { useOrgs } from '../../layout/useOrgs';
import { useAnnouncementNotices } from '../announcements/useAnnouncementNotices';
import { OverviewFigures } from './OverviewFigures';
import { useHomeOverview } from './useHomeOverview';

const HOME_NOTICES = 5;

/**
 * The dispatcher's overview first (live figures, each a link to its filtered list), then the welcome with the
 * host's banner and the latest announcements.
 */
export default function HomePage() {
  const { t } = useTranslation();
  const { session, language, orgId } = useConsole();
  const branding = useBranding();
  const notices = useAnnouncementNotices(1, 20);
  const orgName = useOrgs().data?.find((org) => org.id === orgId)?.name;
  const overview = useHomeOverview();
  return (
    <Row gutter={[16, 16]} data-testid="home">
      <Col span={24}>
        <OverviewFigures overview={overview.data} loading={overview.isLoading} />
      </Col>
      <Col xs={24} lg={14}>
        <Card title={t('home.welcome', { name: session?.username ?? '' })}>
          {branding?.homeBanner ? (
            <img src={branding.homeBanner} alt="" style={{ width: '100%', borderRadius: 8, marginBottom: 16 }} />
          ) : null}
          <Descriptions
            column={1}
            items={[
              { key: 'type', label: t('home.userType'), children: enumLabel(userType, session?.userType, language) },
              { key: 'org', label: t('home.organisation'), children: orgName ?? orgId ?? '-' },
            ]}
          />
        </Card>
      </Col>
      <Col xs={24} lg={10}>
        <Card title={t('home.latestAnnouncements')} extra={<Link to="/publicNoticeMore">{t('home.more')}</Link>}>
          <List
            loading={notices.isLoading}
            dataSource={(notices.data?.list ?? []).slice(0, HOME_NOTICES)}
            locale={{ emptyText: t('home.noAnnouncements') }}
            renderItem={(item) => (
              <List.Item>
                <Link to={`/publicNoticeDetail/${item.id}`}>{item.title}</Link>
              </List.Item>
            )}
          />
        </Card>
      </Col>
    </Row>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useUnit, type Page } from '@liftcloud/client';
import { Card, Col, Empty, Pagination, Row, Space, Spin, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useClient } from '../../app/ConsoleContext';
import { buildingPath, useUnitLifts, useUnitPath } from './useUnitLifts';

/** One of the list sizes the API takes (20, 30, 50, 100, 200). */
const PAGE_SIZE = 20;

/** One use unit: its buildings, each with how many lifts and how many online, each a link to its monitor. */
function UseUnitCard(props: { id: number; name: string }) {
  const { t } = useTranslation();
  const { lifts, buildings } = useUnitLifts(props.id);
  const total = lifts.data?.length ?? 0;
  const online = lifts.data?.filter((l) => l.online).length ?? 0;
  return (
    <Card
      size="small"
      data-testid={`use-unit-${props.id}`}
      title={
        <Link to={useUnitPath(props.id, props.name)} data-testid={`use-unit-link-${props.id}`}>
          {props.name}
        </Link>
      }
      extra={
        lifts.data ? (
          <Tag color={online ? 'green' : 'default'}>{t('monitoring.liftsOnline', { online, total })}</Tag>
        ) : null
      }
      loading={lifts.isLoading}
    >
      {buildings.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <Space direction="vertical" style={{ width: '100%' }}>
          {buildings.map(([building, list]) => (
            <Link
              key={building}
              to={buildingPath(props.id, building, props.name)}
              data-testid={`building-${props.id}-${building}`}
              data-lifts={list.length}
              style={{ display: 'flex', justifyContent: 'space-between' }}
            >
              <span>{building ? t('monitoring.building', { no: building }) : t('monitoring.noBuilding')}</span>
              <span>
                {t('monitoring.liftsOnline', { online: list.filter((l) => l.online).length, total: list.length })}
              </span>
            </Link>
          ))}
        </Space>
      )}
    </Card>
  );
}

/**
 * /elevatorMonitor/useUnitMonitor (index 401): the use units the caller sees, a page at a time, each with its
 * buildings and their lifts online; a use unit opens /MarkToUseUnit, a building /monitorMore, where the lifts
 * are watched live.
 */
export default function UseUnitMonitorPage() {
  const { t } = useTranslation();
  const client = useClient();
  const [pageNo, setPageNo] = useState(1);
  const units = useQuery({
    queryKey: [useUnit.path, 'monitor', pageNo],
    queryFn: () =>
      client.entities.useUnit.list({ pageNo, pageSize: PAGE_SIZE }) as Promise<
        Page<Record<string, unknown> & { id: number }>
      >,
  });
  return (
    <Card data-testid="use-unit-monitor">
      {units.isLoading ? (
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      ) : units.isError ? (
        <Empty description={t('common.loadFailed')} />
      ) : (units.data?.records.length ?? 0) === 0 ? (
        <Empty description={t('monitoring.noUseUnits')} />
      ) : (
        <>
          <Row gutter={[16, 16]}>
            {units.data!.records.map((u) => (
              <Col key={u.id} xs={24} md={12} xl={8}>
                <UseUnitCard id={u.id} name={String(u.name)} />
              </Col>
            ))}
          </Row>
          <Pagination
            style={{ marginTop: 16, textAlign: 'right' }}
            current={pageNo}
            pageSize={PAGE_SIZE}
            total={units.data!.total}
            onChange={setPageNo}
            showSizeChanger={false}
          />
        </>
      )}
    </Card>
  );
}

import { AimOutlined, MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Badge, Button, Card, Col, Empty, Flex, List, Row, Space, Spin, Tooltip, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { placeElevators, viewArea } from './mapPlacement';
import { MarkerPopup } from './MarkerPopup';
import { MARKER_COLORS, MARKER_STATES, type MarkerState } from './markerState';
import { OfflineMap, type MapPoint } from './OfflineMap';
import { useLandOutline } from './useLandOutline';
import { MAP_MAX_ELEVATORS, useMapData } from './useMapData';
import { useMarkerStates } from './useMarkerStates';

/**
 * /elevatorMonitor/gisMap (index 404, China only): elevators on an offline base map, coloured by their live
 * state; those without coordinates are listed beside it.
 */
export default function GisMapPage() {
  const { t } = useTranslation();
  const data = useMapData();
  const land = useLandOutline();
  const stateOf = useMarkerStates(data.elevators, data.alarming);
  const [selected, setSelected] = useState<number | null>(null);
  const onSelect = useCallback((id: number | null) => setSelected(id), []);

  const { placed, unplaced } = useMemo(() => placeElevators(data.elevators, data.units), [data.elevators, data.units]);
  const area = useMemo(() => viewArea(placed), [placed]);
  const states = new Map<number, MarkerState>(placed.map((e) => [e.id, stateOf(e)]));
  const points: MapPoint[] = placed.map((e) => {
    const state = states.get(e.id)!;
    return { id: e.id, lon: e.lon, lat: e.lat, state, color: MARKER_COLORS[state], label: e.name };
  });
  const counts = MARKER_STATES.map((s) => [s, points.filter((p) => p.state === s).length] as const);

  return (
    <Row gutter={16} data-testid="gis-map" data-placed={placed.length}>
      <Col xs={24} xl={18}>
        <Card size="small">
          <Flex justify="space-between" align="center" style={{ marginBottom: 8 }} wrap gap={8}>
            <Space size="middle" data-testid="gis-legend">
              {counts.map(([state, n]) => (
                <Badge key={state} color={MARKER_COLORS[state]} text={`${t(`gisMap.${state}`)} ${n}`} />
              ))}
            </Space>
            {data.total > MAP_MAX_ELEVATORS ? (
              <Typography.Text type="warning">{t('gisMap.truncated', { count: MAP_MAX_ELEVATORS })}</Typography.Text>
            ) : null}
          </Flex>
          {land.isError ? <Alert type="warning" showIcon title={t('gisMap.mapLoadFailed')} /> : null}
          <Spin spinning={data.loading || land.isLoading}>
            <OfflineMap
              land={land.data}
              area={area}
              points={points}
              selected={selected}
              onSelect={onSelect}
              popup={(id, anchor) => {
                const e = placed.find((p) => p.id === id)!;
                return (
                  <MarkerPopup elevator={e} state={states.get(id)!} anchor={anchor} onClose={() => onSelect(null)} />
                );
              }}
              controls={(c) => (
                <Space.Compact direction="vertical">
                  <Tooltip title={t('gisMap.zoomIn')} placement="left">
                    <Button icon={<PlusOutlined />} onClick={c.zoomIn} data-testid="map-zoom-in" />
                  </Tooltip>
                  <Tooltip title={t('gisMap.zoomOut')} placement="left">
                    <Button icon={<MinusOutlined />} onClick={c.zoomOut} data-testid="map-zoom-out" />
                  </Tooltip>
                  <Tooltip title={t('gisMap.resetView')} placement="left">
                    <Button icon={<AimOutlined />} onClick={c.reset} data-testid="map-reset" />
                  </Tooltip>
                </Space.Compact>
              )}
            />
          </Spin>
        </Card>
      </Col>
      <Col xs={24} xl={6}>
        <Card
          size="small"
          title={t('gisMap.noCoordinates', { count: unplaced.length })}
          data-testid="gis-unplaced"
          data-count={unplaced.length}
        >
          {unplaced.length ? (
            <>
              <Typography.Paragraph type="secondary">{t('gisMap.noCoordinatesHint')}</Typography.Paragraph>
              <List
                size="small"
                dataSource={unplaced}
                renderItem={(e) => (
                  <List.Item key={e.id} data-testid={`gis-unplaced-${e.id}`}>
                    <a href={`/singleMonitor/${e.id}`} target="_blank" rel="noopener noreferrer">
                      {e.name}
                    </a>
                  </List.Item>
                )}
              />
            </>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('gisMap.allPlaced')} />
          )}
        </Card>
      </Col>
    </Row>
  );
}

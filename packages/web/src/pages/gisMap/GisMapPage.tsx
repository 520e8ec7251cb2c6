import { AimOutlined, MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Badge, Button, Card, Col, Empty, Flex, List, Row, Space, Spin, Tooltip, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useConsole } from '../../app/ConsoleContext';
import { useTranslation } from 'react-i18next';
import { placeElevators, viewArea } from './mapPlacement';
import { LiftClusters, type ClusterPoint } from './clusters';
import { GroupPopup } from './GroupPopup';
import { MapCanvas } from './MapCanvas';
import { MarkerPopup } from './MarkerPopup';
import { MARKER_COLORS, MARKER_STATES, type MarkerState } from './markerState';
import { useLandOutline } from './useLandOutline';
import { MAP_MAX_ELEVATORS, useMapData } from './useMapData';
import { useMarkerStates } from './useMarkerStates';

/** The deepest zoom the clusters are made for when no tile source sets one (MapCanvas's offline depth). */
const OFFLINE_DEEPEST = 18;

/**
 * /elevatorMonitor/gisMap (index 404, China only): elevators on the configured tile map (the offline land
 * outline beneath it, and alone without one), grouped where they crowd, coloured by their live state;
 * those without coordinates are listed beside it.
 */
export default function GisMapPage() {
  const { t } = useTranslation();
  const { config } = useConsole();
  const tiles = config.mapTiles ?? null;
  const data = useMapData();
  const land = useLandOutline();
  const stateOf = useMarkerStates(data.elevators, data.alarming);
  const [selected, setSelected] = useState<number | null>(null);
  const onSelect = useCallback((id: number | null) => setSelected(id), []);

  const datum = tiles?.datum ?? 'wgs84';
  const { placed, unplaced } = useMemo(
    () => placeElevators(data.elevators, data.units, datum),
    [data.elevators, data.units, datum],
  );
  const area = useMemo(() => viewArea(placed), [placed]);
  const byId = useMemo(() => new Map(placed.map((e) => [e.id, e])), [placed]);
  const states = new Map<number, MarkerState>(placed.map((e) => [e.id, stateOf(e)]));
  // the groups are remade only when a lift changes state, not on every live frame
  const stateKey = placed.map((e) => MARKER_STATES.indexOf(states.get(e.id)!)).join('');
  const deepest = tiles?.maxZoom ?? OFFLINE_DEEPEST;
  const clusters = useMemo(() => {
    const points: ClusterPoint[] = placed.map((e) => ({ id: e.id, lon: e.lon, lat: e.lat, state: states.get(e.id)! }));
    return new LiftClusters(points, deepest);
  }, [placed, stateKey, deepest]); // stateKey stands for `states`, a new map each render
  const counts = MARKER_STATES.map((s) => [s, placed.filter((e) => states.get(e.id) === s).length] as const);
  const where = useCallback(
    (id: number) => {
      const e = byId.get(id);
      return e ? { lon: e.lon, lat: e.lat, label: e.name } : undefined;
    },
    [byId],
  );

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
            <MapCanvas
              land={land.data}
              tiles={tiles}
              area={area}
              clusters={clusters}
              where={where}
              selected={selected}
              onSelect={onSelect}
              popup={(id, anchor) => {
                const e = byId.get(id)!;
                return (
                  <MarkerPopup
                    elevator={e}
                    state={states.get(id)!}
                    anchor={anchor(e.lon, e.lat)}
                    onClose={() => onSelect(null)}
                  />
                );
              }}
              groupPopup={(ids, at, anchor, close) => (
                <GroupPopup
                  lifts={ids.map((id) => ({ id, name: byId.get(id)?.name ?? String(id), state: states.get(id)! }))}
                  anchor={anchor(at.lon, at.lat)}
                  onPick={(id) => {
                    close();
                    onSelect(id);
                  }}
                  onClose={close}
                />
              )}
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

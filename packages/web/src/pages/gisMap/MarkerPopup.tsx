import { Descriptions, Popover, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlacedElevator } from './mapPlacement';
import { MARKER_COLORS, type MarkerState } from './markerState';

/** A chosen marker's popover: name, address, use unit, state, and a link to its single monitor. */
export function MarkerPopup(props: {
  elevator: PlacedElevator;
  state: MarkerState;
  anchor: ReactNode;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const e = props.elevator;
  return (
    <Popover
      open
      title={e.name}
      onOpenChange={(open) => {
        if (!open) props.onClose();
      }}
      content={
        <div data-testid="map-popup" style={{ maxWidth: 320 }}>
          <Descriptions
            size="small"
            column={1}
            items={[
              {
                key: 'state',
                label: t('gisMap.state'),
                children: (
                  <Tag color={MARKER_COLORS[props.state]} data-testid="map-popup-state">
                    {t(`gisMap.${props.state}`)}
                  </Tag>
                ),
              },
              {
                key: 'address',
                label: t('gisMap.address'),
                children: (
                  <>
                    {e.address ?? '-'}
                    {e.fromUseUnit ? ` (${t('gisMap.fromUseUnit')})` : ''}
                  </>
                ),
              },
              { key: 'unit', label: t('gisMap.useUnit'), children: e.useUnitName ?? '-' },
            ]}
          />
          <a href={`/singleMonitor/${e.id}`} target="_blank" rel="noopener noreferrer" data-testid="map-popup-monitor">
            {t('gisMap.openMonitor')}
          </a>
        </div>
      }
    >
      {props.anchor}
    </Popover>
  );
}

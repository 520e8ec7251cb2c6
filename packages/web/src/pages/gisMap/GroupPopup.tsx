import { Badge, List, Popover } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MARKER_COLORS, type MarkerState } from './markerState';

/** The lifts of a group that stand at one place (one building): a list to pick one from. */
export function GroupPopup(props: {
  lifts: { id: number; name: string; state: MarkerState }[];
  anchor: ReactNode;
  onPick: (id: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Popover
      open
      title={t('gisMap.groupTitle', { count: props.lifts.length })}
      onOpenChange={(open) => {
        if (!open) props.onClose();
      }}
      content={
        <List
          data-testid="map-group"
          size="small"
          style={{ maxHeight: 320, overflow: 'auto', minWidth: 220 }}
          dataSource={props.lifts}
          renderItem={(l) => (
            <List.Item key={l.id}>
              <a data-testid={`map-group-${l.id}`} onClick={() => props.onPick(l.id)}>
                <Badge color={MARKER_COLORS[l.state]} text={l.name} />
              </a>
            </List.Item>
          )}
        />
      }
    >
      {props.anchor}
    </Popover>
  );
}

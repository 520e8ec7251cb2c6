import { Button, Card, Input, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  enumLabel,
  maintenanceArea,
  maintenanceItemCondition,
  type MaintenanceOrderItem,
  type RecordItemBody,
} from '@liftcloud/client';
import { useConsole } from '../../app/ConsoleContext';

/** One item of an order on the field page: its checklist text, and (while recording) condition, text and photo. */
export function ItemCard(props: {
  index: number;
  item: MaintenanceOrderItem;
  editable: boolean;
  saving: boolean;
  onSave: (body: RecordItemBody, photo: File | null, recording: File | null) => void;
}) {
  const { t } = useTranslation();
  const { language } = useConsole();
  const { item, index } = props;
  const [condition, setCondition] = useState<number | undefined>(item.condition || undefined);
  const [text, setText] = useState(item.text ?? '');
  const [photo, setPhoto] = useState<File | null>(null);
  const [recording, setRecording] = useState<File | null>(null);
  return (
    <Card
      size="small"
      title={`${index + 1}. ${item.name}`}
      extra={<Tag>{enumLabel(maintenanceArea, item.area, language)}</Tag>}
      data-testid={`item-${index}`}
    >
      <div>{item.content}</div>
      <div style={{ color: '#888' }}>{item.requirement}</div>
      {props.editable ? (
        <Space orientation="vertical" style={{ width: '100%', marginTop: 8 }}>
          <Select
            style={{ width: '100%' }}
            placeholder={t('maint.condition')}
            value={condition}
            onChange={(v: number) => setCondition(v)}
            options={maintenanceItemCondition.options
              .filter((o) => o.code !== 0)
              .map((o) => ({ value: o.code, label: o.label[language] }))}
            data-testid={`item-${index}-condition`}
          />
          <Input.TextArea
            placeholder={t('maint.text')}
            value={text}
            maxLength={1000}
            onChange={(e) => setText(e.target.value)}
            data-testid={`item-${index}-text`}
          />
          <label>
            {t('maint.photo')}{' '}
            <input
              type="file"
              accept="image/jpeg,image/png"
              capture="environment"
              data-testid={`item-${index}-photo`}
              onChange={(e) => setPhoto(e.target.files?.[0] ?? null)}
            />
          </label>
          <label>
            {t('maint.recording')}{' '}
            <input
              type="file"
              accept="video/mp4,audio/mp4"
              data-testid={`item-${index}-recording`}
              onChange={(e) => setRecording(e.target.files?.[0] ?? null)}
            />
          </label>
          <Button
            type="primary"
            disabled={!condition}
            loading={props.saving}
            data-testid={`item-${index}-save`}
            onClick={() =>
              condition &&
              props.onSave(
                {
                  condition,
                  text: text.trim() || undefined,
                  photoFileIds: item.photoFileIds,
                  recordingFileIds: item.recordingFileIds,
                },
                photo,
                recording,
              )
            }
          >
            {t('maint.saveItem')}
          </Button>
        </Space>
      ) : null}
      <div style={{ marginTop: 8 }} data-testid={`item-${index}-state`}>
        {t('maint.condition')}: {enumLabel(maintenanceItemCondition, item.condition, language)}
        {item.photoFileIds?.length ? ` · ${t('maint.photo')} ×${item.photoFileIds.length}` : ''}
        {item.recordingFileIds?.length ? ` · ${t('maint.recording')} ×${item.recordingFileIds.length}` : ''}
      </div>
    </Card>
  );
}

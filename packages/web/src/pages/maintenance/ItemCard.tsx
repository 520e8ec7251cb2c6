import { Button, Card, Flex, Input, Select, Space, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  enumLabel,
  maintenanceArea,
  maintenanceItemCondition,
  type MaintenanceOrderItem,
  type RecordItemBody,
} from '@liftcloud/client';
import { useConsole } from '../../app/ConsoleContext';
import { EvidenceImage, EvidenceRecording } from './Evidence';

/**
 * One item of an order on the field page: its checklist text, (while recording) condition, text and photo, and
 * what was recorded: the text, the photos as thumbnails and the recordings to play (TSG T5002's paper record).
 */
export function ItemCard(props: {
  index: number;
  item: MaintenanceOrderItem;
  editable: boolean;
  saving: boolean;
  onSave: (body: RecordItemBody, photo: File | null, recording: File | null) => void;
  /** Whether something entered here (a condition, text, a file picked) is not saved yet. */
  onUnsaved?: (index: number, unsaved: boolean) => void;
}) {
  const { t } = useTranslation();
  const { language } = useConsole();
  const { item, index } = props;
  const [condition, setCondition] = useState<number | undefined>(item.condition || undefined);
  const [text, setText] = useState(item.text ?? '');
  const [photo, setPhoto] = useState<File | null>(null);
  const [recording, setRecording] = useState<File | null>(null);
  const unsaved =
    props.editable &&
    (photo !== null ||
      recording !== null ||
      (condition !== undefined && condition !== (item.condition || undefined)) ||
      text.trim() !== (item.text ?? '').trim());
  const { onUnsaved } = props;
  useEffect(() => onUnsaved?.(index, unsaved), [onUnsaved, index, unsaved]);
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
      {!props.editable && item.text ? (
        <div style={{ marginTop: 4, whiteSpace: 'pre-wrap' }} data-testid={`item-${index}-text-shown`}>
          {t('maint.text')}: {item.text}
        </div>
      ) : null}
      {item.photoFileIds?.length ? (
        <Flex gap={8} wrap style={{ marginTop: 8 }} data-testid={`item-${index}-photos`}>
          {item.photoFileIds.map((id, n) => (
            <EvidenceImage
              key={id}
              fileId={id}
              alt={`${index + 1}. ${item.name} · ${t('maint.photo')} ${n + 1}`}
              testId={`item-${index}-photo-${n}`}
            />
          ))}
        </Flex>
      ) : null}
      {item.recordingFileIds?.length ? (
        <Flex vertical gap={8} style={{ marginTop: 8 }} data-testid={`item-${index}-recordings`}>
          {item.recordingFileIds.map((id, n) => (
            <EvidenceRecording key={id} fileId={id} testId={`item-${index}-recording-${n}`} />
          ))}
        </Flex>
      ) : null}
    </Card>
  );
}

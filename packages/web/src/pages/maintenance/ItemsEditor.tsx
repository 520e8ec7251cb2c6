import { Button, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { MAINTENANCE_ITEM_LABELS, maintenanceArea, type MaintenanceItem } from '@liftcloud/client';
import { useConsole } from '../../app/ConsoleContext';

/** A maintenance type's checklist: name, content, requirement and area per item (Form.Item gives value, onChange). */
export function ItemsEditor(props: { value?: MaintenanceItem[] | null; onChange?: (v: MaintenanceItem[]) => void }) {
  const { t } = useTranslation();
  const { language } = useConsole();
  const items = props.value ?? [];
  const set = (i: number, patch: Partial<MaintenanceItem>) =>
    props.onChange?.(items.map((item, j) => (j === i ? { ...item, ...patch } : item)));
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="items-editor">
      {items.map((item, i) => (
        <Space key={i} wrap>
          <Input
            placeholder={MAINTENANCE_ITEM_LABELS.name[language]}
            value={item.name}
            onChange={(e) => set(i, { name: e.target.value })}
          />
          <Input
            placeholder={MAINTENANCE_ITEM_LABELS.content[language]}
            value={item.content}
            onChange={(e) => set(i, { content: e.target.value })}
          />
          <Input
            placeholder={MAINTENANCE_ITEM_LABELS.requirement[language]}
            value={item.requirement}
            onChange={(e) => set(i, { requirement: e.target.value })}
          />
          <Select
            style={{ minWidth: 140 }}
            placeholder={MAINTENANCE_ITEM_LABELS.area[language]}
            value={item.area}
            options={maintenanceArea.options.map((o) => ({ value: o.code, label: o.label[language] }))}
            onChange={(area: number) => set(i, { area })}
          />
          <Button danger onClick={() => props.onChange?.(items.filter((_, j) => j !== i))}>
            {t('maint.removeItem')}
          </Button>
        </Space>
      ))}
      <Button
        onClick={() => props.onChange?.([...items, { name: '', content: '', requirement: '', area: 1 }])}
        data-testid="add-item"
      >
        {t('maint.addItem')}
      </Button>
    </Space>
  );
}

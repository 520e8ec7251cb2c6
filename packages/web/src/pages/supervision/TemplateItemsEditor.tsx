import { Button, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { SUPERVISION_ITEM_LABELS, type SupervisionTemplateItem } from '@liftcloud/client';
import { useConsole } from '../../app/ConsoleContext';

/** A supervision template's check items: project type, name and precaution (Form.Item gives value, onChange). */
export function TemplateItemsEditor(props: {
  value?: SupervisionTemplateItem[] | null;
  onChange?: (v: SupervisionTemplateItem[]) => void;
}) {
  const { t } = useTranslation();
  const { language } = useConsole();
  const items = props.value ?? [];
  const set = (i: number, patch: Partial<SupervisionTemplateItem>) =>
    props.onChange?.(items.map((item, j) => (j === i ? { ...item, ...patch } : item)));
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="supervision-items-editor">
      {items.map((item, i) => (
        <Space key={i} wrap>
          <Input
            placeholder={SUPERVISION_ITEM_LABELS.projectType[language]}
            value={item.projectType}
            onChange={(e) => set(i, { projectType: e.target.value })}
            data-testid={`item-type-${i}`}
          />
          <Input
            placeholder={SUPERVISION_ITEM_LABELS.projectName[language]}
            value={item.projectName}
            onChange={(e) => set(i, { projectName: e.target.value })}
            data-testid={`item-name-${i}`}
          />
          <Input
            placeholder={SUPERVISION_ITEM_LABELS.precaution[language]}
            value={item.precaution}
            onChange={(e) => set(i, { precaution: e.target.value })}
            data-testid={`item-precaution-${i}`}
          />
          <Button danger onClick={() => props.onChange?.(items.filter((_, j) => j !== i))}>
            {t('supervision.removeItem')}
          </Button>
        </Space>
      ))}
      <Button
        onClick={() => props.onChange?.([...items, { projectType: '', projectName: '', precaution: '' }])}
        data-testid="add-supervision-item"
      >
        {t('supervision.addItem')}
      </Button>
    </Space>
  );
}

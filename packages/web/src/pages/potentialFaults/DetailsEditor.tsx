import { Button, InputNumber, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { POTENTIAL_FAULT_DETAIL_LABELS, type PotentialFaultDetail } from '@liftcloud/client';
import { useConsole } from '../../app/ConsoleContext';

/** A potential fault setting's fault codes and their weights (Form.Item gives value, onChange). */
export function DetailsEditor(props: {
  value?: PotentialFaultDetail[] | null;
  onChange?: (v: PotentialFaultDetail[]) => void;
}) {
  const { t } = useTranslation();
  const { language } = useConsole();
  const details = props.value ?? [];
  const set = (i: number, patch: Partial<PotentialFaultDetail>) =>
    props.onChange?.(details.map((d, j) => (j === i ? { ...d, ...patch } : d)));
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="details-editor">
      {details.map((d, i) => (
        <Space key={i} wrap>
          <InputNumber
            placeholder={POTENTIAL_FAULT_DETAIL_LABELS.faultCode[language]}
            aria-label={POTENTIAL_FAULT_DETAIL_LABELS.faultCode[language]}
            value={d.faultCode}
            onChange={(v) => set(i, { faultCode: Number(v) })}
          />
          <InputNumber
            placeholder={POTENTIAL_FAULT_DETAIL_LABELS.weight[language]}
            aria-label={POTENTIAL_FAULT_DETAIL_LABELS.weight[language]}
            value={d.weight}
            onChange={(v) => set(i, { weight: Number(v) })}
          />
          <Button danger onClick={() => props.onChange?.(details.filter((_, j) => j !== i))}>
            {t('eocd.removeFaultCode')}
          </Button>
        </Space>
      ))}
      <Button onClick={() => props.onChange?.([...details, { faultCode: 1, weight: 100 }])} data-testid="add-detail">
        {t('eocd.addFaultCode')}
      </Button>
    </Space>
  );
}

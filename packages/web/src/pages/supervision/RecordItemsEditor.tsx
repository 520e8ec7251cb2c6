import { Input, Radio, Table } from 'antd';
import { SUPERVISION_ITEM_LABELS, supervisionItemResult, type SupervisionRecordItem } from '@liftcloud/client';
import { useConsole } from '../../app/ConsoleContext';

/** A record's check items as found: each item's result (normal, abnormal) and a note (Form.Item value, onChange). */
export function RecordItemsEditor(props: {
  value?: SupervisionRecordItem[] | null;
  onChange?: (v: SupervisionRecordItem[]) => void;
  readOnly?: boolean;
}) {
  const { language } = useConsole();
  const items = props.value ?? [];
  const set = (i: number, patch: Partial<SupervisionRecordItem>) =>
    props.onChange?.(items.map((item, j) => (j === i ? { ...item, ...patch } : item)));
  return (
    <Table<SupervisionRecordItem & { i: number }>
      size="small"
      pagination={false}
      rowKey="i"
      data-testid="supervision-record-items"
      dataSource={items.map((item, i) => ({ ...item, i }))}
      columns={[
        { title: SUPERVISION_ITEM_LABELS.projectType[language], dataIndex: 'projectType' },
        { title: SUPERVISION_ITEM_LABELS.projectName[language], dataIndex: 'projectName' },
        { title: SUPERVISION_ITEM_LABELS.precaution[language], dataIndex: 'precaution' },
        {
          title: SUPERVISION_ITEM_LABELS.result[language],
          render: (_, row) =>
            props.readOnly ? (
              (supervisionItemResult.options.find((o) => o.code === row.result)?.label[language] ?? '')
            ) : (
              <Radio.Group
                value={row.result}
                onChange={(e) => set(row.i, { result: Number(e.target.value) })}
                data-testid={`item-result-${row.i}`}
                options={supervisionItemResult.options
                  .filter((o) => o.code !== 0)
                  .map((o) => ({ value: o.code, label: o.label[language] }))}
              />
            ),
        },
        {
          title: SUPERVISION_ITEM_LABELS.note[language],
          render: (_, row) =>
            props.readOnly ? (
              row.note
            ) : (
              <Input
                value={row.note}
                onChange={(e) => set(row.i, { note: e.target.value })}
                data-testid={`item-note-${row.i}`}
              />
            ),
        },
      ]}
    />
  );
}

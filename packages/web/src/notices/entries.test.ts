import { alarmRecord, contract, inspection, type EntityDef } from '@liftcloud/client';
import { describe, expect, it } from 'vitest';
import { describeEntry, entriesOf } from './entries';

const labels =
  (entity: EntityDef, language: 'en-US' | 'zh-CN' = 'en-US') =>
  (field: string) =>
    (entity.fields as Record<string, { label: Record<string, string> } | undefined>)[field]?.label[language];

describe('notice entries', () => {
  it('reads lists, notice lists and pages', () => {
    expect(entriesOf([{ id: 1 }])).toHaveLength(1);
    expect(entriesOf({ list: [{ id: 1 }, { id: 2 }], total: 2 })).toHaveLength(2);
    expect(entriesOf({ records: [{ id: 3 }], total: 1, pages: 1 })).toHaveLength(1);
    expect(entriesOf(null)).toEqual([]);
  });
  it('labels each value with its field, in the reader’s language', () => {
    expect(describeEntry({ contractNo: 'HT-1', useUnitName: 'Mall' }, labels(contract))).toBe(
      'Contract no. HT-1 · Use unit name Mall',
    );
    expect(describeEntry({ contractNo: 'HT-1', useUnitName: '海港商场' }, labels(contract, 'zh-CN'))).toBe(
      '合同编号 HT-1 · 使用单位名称 海港商场',
    );
  });
  it('shows the one date the notice is about, not the record’s other times', () => {
    const entry = { contractNo: 'HT-2', useUnitName: 'Mall', endDate: '2026-12-23', createTime: '2025-12-24 16:51:18' };
    expect(describeEntry(entry, labels(contract))).toBe('Contract no. HT-2 · Use unit name Mall · End date 2026-12-23');
    const due = {
      elevatorName: 'Lift 1',
      nextCheckDate: '2026-12-24',
      checkDate: '2025-12-24',
      createTime: '2025-12-24 16:51:18',
    };
    expect(describeEntry(due, labels(inspection))).toBe('Elevator name Lift 1 · Next inspection date 2026-12-24');
  });
  it('leaves an alarm bell’s internal elevator id out: the lift by name, then when it rang', () => {
    const bell = {
      id: 7,
      elevatorNo: 33,
      elevatorName: 'Harbour lift 1',
      newStatus: 2,
      alarmTime: '2026-11-27 16:52:56',
    };
    expect(describeEntry(bell, labels(alarmRecord))).toBe('Elevator Harbour lift 1 · Alarm time 2026-11-27 16:52:56');
  });
});

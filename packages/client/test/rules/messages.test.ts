/** The rule messages of i18n/ in three languages. */
import { describe, expect, it } from 'vitest';
import Type, { type TSchema } from 'typebox';
import {
  L,
  checkNumber,
  dtuCodeRules,
  issueMessage,
  otaApplyRules,
  translate,
  withinSpan,
  type MessageKey,
} from '../../src/index.js';
import { enUS } from '../../src/i18n/en-US.js';
import { itItaly } from '../../src/i18n/it-Italy.js';
import { zhCN } from '../../src/i18n/zh-CN.js';
import { LANGS } from './helpers.js';

describe('catalogues', () => {
  it('every rule.* key exists in the three languages and keeps its placeholders', () => {
    const keys = Object.keys(enUS).filter((k) => k.startsWith('rule.')) as MessageKey[];
    expect(keys.length).toBeGreaterThan(30);
    for (const key of keys) {
      const names = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect(names(zhCN[key]), key).toEqual(names(enUS[key]));
      expect(names(itItaly[key]), key).toEqual(names(enUS[key]));
      expect(enUS[key].startsWith('{field}'), key).toBe(true);
    }
  });
});

describe('messages in each language', () => {
  const schema: TSchema = Type.Object({
    dtuCode: { ...Type.String(), 'x-label': L('DTU编号', 'DTU number', 'Numero DTU') },
    faultTimeEnd: { ...Type.String(), 'x-label': L('故障时间', 'Fault time', 'Ora guasto') },
  });

  it('words a domain issue with the field’s label', () => {
    const [dtu] = dtuCodeRules('123');
    const texts = LANGS.map((lang) => issueMessage(schema, dtu!, lang));
    expect(texts).toEqual([
      'DTU编号：DTU编号必须为11位数字',
      'DTU number: the DTU number must be 11 digits',
      'Numero DTU: il numero DTU deve essere di 11 cifre',
    ]);
  });

  it('names the span in each language', () => {
    const [span] = withinSpan('2026-01-01', '2026-04-01', 'fault', { start: 'faultTimeStart', end: 'faultTimeEnd' });
    expect(LANGS.map((lang) => issueMessage(schema, span!, lang))).toEqual([
      '故障时间：故障时间范围必须在2个月内',
      'Fault time: the fault time range must be within 2 months',
      "Ora guasto: l'intervallo dei guasti deve essere entro 2 mesi",
    ]);
  });

  it('fills parameters; a field without a label shows its name', () => {
    const [over] = otaApplyRules({ applyNumber: 9, remainingNumber: 4 });
    expect(issueMessage(schema, over!, 'en-US')).toBe('applyNumber: cannot exceed the remaining count (4)');
    expect(issueMessage(schema, over!, 'zh-CN')).toBe('applyNumber：不能超过剩余数量（4）');
    expect(issueMessage(schema, over!, 'it-Italy')).toBe('applyNumber: non può superare la quantità residua (4)');
    // the question the server asks (store/repository.ts rebind) when a device is bound to another elevator
    const bound = { field: 'elevatorId', rule: 'rule.boundElsewhere', params: { elevator: 'B-2' } } as const;
    expect(translate('it-Italy', bound.rule, { ...bound.params, field: 'Ascensore' })).toBe(
      "Ascensore: già associato all'ascensore B-2; sostituire l'associazione?",
    );
    const [type] = checkNumber('level', 'x', { required: true });
    expect(issueMessage(schema, type!, 'en-US')).toBe('level: must be a number');
  });
});

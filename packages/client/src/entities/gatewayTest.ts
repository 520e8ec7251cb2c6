import { PERMISSION } from '../permissions.js';
import Type, { type Static, type TNull, type TSchema } from 'typebox';
import type { EnumDef } from '../enums.js';
import { gatewayTestRules } from '../rules/devices.js';
import { defineEntity, nullable } from '../schema/entity.js';
import { L, datetime, enumOf, int, readOnly, required, text, type Field } from '../schema/fields.js';

const o = <const C extends number>(code: C, zh: string, en: string, it: string) => ({
  code,
  label: { 'zh-CN': zh, 'en-US': en, 'it-Italy': it },
});

/** Where a gateway test is: waiting for the runner, testing its gateways one at a time, ended. */
export const gatewayTestState: EnumDef<0 | 1 | 2 | 3> = {
  name: 'gatewayTestState',
  options: [
    o(0, '排队中', 'Queued', 'In coda'),
    o(1, '测试中', 'Running', 'In corso'),
    o(2, '已完成', 'Finished', 'Terminato'),
    o(3, '已取消', 'Cancelled', 'Annullato'),
  ],
};
export const GATEWAY_TEST_STATE = { queued: 0, running: 1, finished: 2, cancelled: 3 } as const;

/** Why a gateway did not pass its window. */
export const gatewayTestReason: EnumDef<1 | 2 | 3 | 4> = {
  name: 'gatewayTestReason',
  options: [
    o(1, '测试窗口内无上报', 'No message in its window', 'Nessun messaggio nella sua finestra'),
    o(2, '未达到合格基准', 'Below the pass benchmark', 'Sotto la soglia di superamento'),
    o(3, '超过总测试时间', 'Total test time reached', 'Tempo totale di test raggiunto'),
    o(4, '测试已取消', 'Test cancelled', 'Test annullato'),
  ],
};
export const GATEWAY_TEST_REASON = { silent: 1, belowBenchmark: 2, timeLimit: 3, cancelled: 4 } as const;

const DTU_LABEL = L('DTU编号', 'DTU number', 'Numero DTU');

/**
 * The DTU numbers of a batch, kept as a JSON list. The schema only bounds the size of the body; the domain
 * rules (11 digits, at most 20, none twice) are gatewayTestRules, so their messages are the ones shown.
 */
const dtuList = (): Field<string[]> => {
  const label = L('DTU列表', 'DTU numbers', 'Numeri DTU');
  const items = { ...Type.String({ maxLength: 32 }), 'x-label': DTU_LABEL };
  return {
    ...text(label, { max: 32 }),
    schema: { ...Type.Array(items, { maxItems: 100 }), 'x-label': label, description: label['en-US'] },
  } as Field<string[]>;
};

/**
 * A gateway test (the "Gateway test" tab of /deviceGateway, `liftctl gateway test`): each DTU is watched for
 * one window (5 minutes) in turn, and passes when it pushed at least the benchmark's messages. Created through
 * POST gatewayTests (not a generic save: the server runs it), cancelled through POST gatewayTests/{id}/cancel.
 */
export const gatewayTest = defineEntity({
  name: 'gatewayTest',
  label: L('网关测试', 'Gateway test', 'Test gateway'),
  path: 'gatewayTests',
  permission: PERMISSION.gateways,
  readOnly: true,
  fields: {
    dtuCodes: required(dtuList()),
    /** Empty: a gateway passes when it was seen online in its window. */
    passBenchmark: int(L('合格基准（条）', 'Pass benchmark (messages)', 'Soglia di superamento (messaggi)')),
    /** Minutes; empty: as long as the batch's windows take. */
    testTime: int(L('总测试时间（分钟）', 'Total test time (minutes)', 'Tempo totale di test (minuti)')),
    state: readOnly(enumOf(L('状态', 'State', 'Stato'), gatewayTestState)),
    windowMs: readOnly(int(L('每个测试时长（毫秒）', 'Each test (ms)', 'Durata di ogni test (ms)'))),
    passedCount: readOnly(int(L('通过', 'Passed', 'Superati'))),
    failedCount: readOnly(int(L('未通过', 'Failed', 'Non superati'))),
    createdBy: readOnly(text(L('创建人', 'Created by', 'Creato da'), { max: 50 })),
    startTime: readOnly(datetime(L('开始时间', 'Started', 'Iniziato'))),
    finishTime: readOnly(datetime(L('结束时间', 'Ended', 'Terminato'))),
  },
  filters: { state: 'eq' },
  refine: (input) =>
    gatewayTestRules({
      dtuCodes: input.dtuCodes,
      testTime: input.testTime ?? undefined,
      passBenchmark: input.passBenchmark ?? undefined,
    }),
});

/** Labels of a per-gateway result, for tables in the console and the CLI. */
export const GATEWAY_TEST_RESULT_LABELS = {
  seq: L('顺序', 'Order', 'Ordine'),
  dtuCode: DTU_LABEL,
  windowStart: L('窗口开始', 'Window start', 'Inizio finestra'),
  windowEnd: L('窗口结束', 'Window end', 'Fine finestra'),
  messages: L('消息数', 'Messages', 'Messaggi'),
  statusCount: L('状态', 'Status', 'Stato'),
  faultCount: L('故障', 'Fault', 'Guasto'),
  alarmCount: L('报警', 'Alarm', 'Allarme'),
  onlineSeen: L('在线', 'Seen online', 'Visto online'),
  passed: L('是否通过', 'Passed', 'Superato'),
  reason: L('原因', 'Reason', 'Motivo'),
};

// type: [x, 'null'] rather than anyOf: the server's serialiser then needs no schema compiler for them.
const orNull = <T extends TSchema>(s: T) => nullable(s) as unknown as ReturnType<typeof Type.Union<[T, TNull]>>;

/** One gateway's window: what it pushed (by kind: status, fault, alarm), whether it passed (null: not yet). */
export const GatewayTestResultSchema = Type.Object(
  {
    seq: Type.Integer(),
    dtuCode: Type.String(),
    windowStart: orNull(Type.String()),
    windowEnd: orNull(Type.String()),
    messages: Type.Integer(),
    statusCount: Type.Integer(),
    faultCount: Type.Integer(),
    alarmCount: Type.Integer(),
    onlineSeen: Type.Boolean(),
    passed: orNull(Type.Boolean()),
    reason: orNull(Type.Integer()),
  },
  { additionalProperties: false },
);
export type GatewayTestResult = Static<typeof GatewayTestResultSchema>;

/** A test still to run or running (queued, running); finished and cancelled ones have ended. */
export const gatewayTestActive = (test: { state: number | null }): boolean =>
  test.state !== null && test.state <= GATEWAY_TEST_STATE.running;

/** A gateway whose window is open now: started, no outcome yet. */
export const gatewayResultRunning = (r: Pick<GatewayTestResult, 'windowStart' | 'passed' | 'reason'>): boolean =>
  r.windowStart !== null && r.passed === null && r.reason === null;

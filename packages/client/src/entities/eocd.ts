import { PERMISSION } from '../permissions.js';
import { eocdType } from '../enums.js';
import { eocdThresholdRules } from '../rules/records.js';
import { defineEntity } from '../schema/entity.js';
import { L, bool, datetime, enumOf, ids, int, num, readOnly, ref, refName, required, text } from '../schema/fields.js';

/** A vibration limit in m/s², 3 decimals; "above 0" is the refine rule (eocdThresholdRules), so its message says so. */
const mps2 = (zh: string, en: string, it: string) => num(L(zh, en, it), { max: 100, decimals: 3 });

/**
 * EOCD thresholds (domain.md §3 EOCD, §5 Other): per company and rated speed, the limits a run's ride-quality
 * metrics (eocd/metrics.ts) are held to. Every value above 0; the same speed in the same company asks to
 * confirm replacing the thresholds it has (409 rule.eocdSpeedExists, then ?replace=true).
 */
export const eocdThreshold = defineEntity({
  name: 'eocdThreshold',
  label: L('EOCD阈值', 'EOCD threshold', 'Soglia EOCD'),
  path: 'eocdThresholds',
  permission: { read: [...PERMISSION.elevatorSettings, PERMISSION.elevators], write: PERMISSION.elevatorSettings },
  fields: {
    companyId: required(ref(L('企业', 'Company', 'Azienda'), 'company')),
    companyName: refName(L('企业名称', 'Company', 'Azienda'), 'companyId'),
    speed: required(num(L('速度(m/s)', 'Speed (m/s)', 'Velocità (m/s)'), { max: 30 })),
    isoHorizontalPeakToPeak: required(
      mps2('ISO水平峰峰值', 'ISO horizontal peak-to-peak', 'ISO picco-picco orizzontale'),
    ),
    isoVerticalPeakToPeak: required(mps2('ISO垂直峰峰值', 'ISO vertical peak-to-peak', 'ISO picco-picco verticale')),
    isoHorizontalA95: required(mps2('ISO水平A95', 'ISO horizontal A95', 'ISO A95 orizzontale')),
    isoVerticalA95: required(mps2('ISO垂直A95', 'ISO vertical A95', 'ISO A95 verticale')),
    lowPassHorizontal: required(mps2('低通水平', 'Low-pass horizontal', 'Passa-basso orizzontale')),
    lowPassVertical: required(mps2('低通垂直', 'Low-pass vertical', 'Passa-basso verticale')),
    lowPassHz: required(num(L('低通赫兹', 'Low-pass Hz', 'Passa-basso Hz'), { max: 1000 })),
  },
  filters: { companyId: 'eq', speed: 'eq' },
  refine: (input) =>
    eocdThresholdRules({
      speed: input.speed,
      isoHorizontalPeakToPeak: input.isoHorizontalPeakToPeak,
      isoVerticalPeakToPeak: input.isoVerticalPeakToPeak,
      isoHorizontalA95: input.isoHorizontalA95,
      isoVerticalA95: input.isoVerticalA95,
      lowPassHorizontal: input.lowPassHorizontal,
      lowPassVertical: input.lowPassVertical,
      lowPassHz: input.lowPassHz,
    }),
});

/**
 * EOCD collection settings (domain.md §3 EOCD) for one elevator or a group of them: what the gateways collect
 * and when. Saving is followed by pushing them (pushEocdSettings): a writeParams command to each elevator's
 * gateway, recorded as a command record with its state and answer.
 */
export const eocdSetting = defineEntity({
  name: 'eocdSetting',
  label: L('EOCD采集设置', 'EOCD collection settings', 'Impostazioni raccolta EOCD'),
  path: 'eocdSettings',
  permission: { read: [...PERMISSION.elevatorSettings, PERMISSION.elevators], write: PERMISSION.elevatorSettings },
  fields: {
    name: required(text(L('名称', 'Name', 'Nome'), { max: 50 })),
    elevatorIds: required(ids(L('电梯', 'Elevators', 'Ascensori'), 'elevator', 200)),
    collectSeconds: required(int(L('采集时间(秒)', 'Collect time (s)', 'Tempo di raccolta (s)'), { min: 1, max: 600 })),
    frequency: required(int(L('采集频率(Hz)', 'Frequency (Hz)', 'Frequenza (Hz)'), { min: 16, max: 2048 })),
    type: required(enumOf(L('采集类型', 'Type', 'Tipo'), eocdType)),
    calibration: bool(L('校准', 'Calibration', 'Calibrazione')),
    autoAcquisition: bool(L('自动采集', 'Auto-acquisition', 'Acquisizione automatica')),
    autoCycleMinutes: int(L('自动采集周期(分钟)', 'Auto-acquisition cycle (min)', 'Ciclo automatico (min)'), {
      min: 1,
      max: 10080,
    }),
    doorAcquisition: bool(L('门机采集', 'Door acquisition', 'Acquisizione porte')),
    doorCycleMinutes: int(L('门机采集周期(分钟)', 'Door acquisition cycle (min)', 'Ciclo porte (min)'), {
      min: 1,
      max: 10080,
    }),
    alarmFileUpload: bool(L('报警文件上传', 'Alarm file upload', 'Invio file allarme')),
    safetyHazard: bool(L('安全隐患', 'Safety hazard', 'Rischio sicurezza')),
    note: text(L('备注', 'Note', 'Nota'), { max: 200 }),
  },
  filters: { name: 'like' },
});

/**
 * One elevator run's vibration as a gateway uploaded it (docs/gateway-protocol.md, kind vibration), with its
 * ISO 18738-1 metrics (eocd/metrics.ts) and the threshold it was held to. Kept by the ingest, read-only; the raw
 * samples are kept EOCD_SAMPLE_RETENTION_DAYS days (getEocdRunSamples).
 */
export const eocdRun = defineEntity({
  name: 'eocdRun',
  label: L('EOCD运行记录', 'EOCD run', 'Corsa EOCD'),
  path: 'eocdRuns',
  permission: PERMISSION.elevators,
  readOnly: true,
  fields: {
    elevatorId: required(ref(L('电梯', 'Elevator', 'Ascensore'), 'elevator')),
    elevatorName: refName(L('电梯名称', 'Elevator', 'Ascensore'), 'elevatorId'),
    dtuCode: required(text(L('DTU编号', 'DTU number', 'Numero DTU'), { max: 11 })),
    runTime: required(datetime(L('运行时间', 'Run time', 'Ora corsa'))),
    sampleRate: required(int(L('采样率(Hz)', 'Sample rate (Hz)', 'Campionamento (Hz)'))),
    sampleCount: required(int(L('采样数', 'Samples', 'Campioni'))),
    startFloor: int(L('起始楼层', 'Start floor', 'Piano di partenza')),
    endFloor: int(L('结束楼层', 'End floor', 'Piano di arrivo')),
    isoHorizontalPeakToPeak: readOnly(
      num(L('ISO水平峰峰值', 'ISO horizontal pk-pk', 'ISO pp orizz.'), { decimals: 3 }),
    ),
    isoVerticalPeakToPeak: readOnly(num(L('ISO垂直峰峰值', 'ISO vertical pk-pk', 'ISO pp vert.'), { decimals: 3 })),
    isoHorizontalA95: readOnly(num(L('ISO水平A95', 'ISO horizontal A95', 'ISO A95 orizz.'), { decimals: 3 })),
    isoVerticalA95: readOnly(num(L('ISO垂直A95', 'ISO vertical A95', 'ISO A95 vert.'), { decimals: 3 })),
    lowPassHorizontal: readOnly(num(L('低通水平', 'Low-pass horizontal', 'Passa-basso orizz.'), { decimals: 3 })),
    lowPassVertical: readOnly(num(L('低通垂直', 'Low-pass vertical', 'Passa-basso vert.'), { decimals: 3 })),
    lowPassHz: readOnly(num(L('低通赫兹', 'Low-pass Hz', 'Passa-basso Hz'))),
    thresholdId: readOnly(ref(L('阈值', 'Threshold', 'Soglia'), 'eocdThreshold')),
    overLimit: readOnly(bool(L('超限', 'Over threshold', 'Oltre soglia'))),
    samplesKept: readOnly(bool(L('原始数据', 'Raw samples kept', 'Dati grezzi'))),
  },
  filters: { elevatorId: 'eq', dtuCode: 'eq', overLimit: 'eq', runTime: 'range' },
  spans: { runTime: 'oneMonth' },
});

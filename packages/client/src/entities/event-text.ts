import type { Language, Localized } from '../i18n/languages.js';
import { L } from '../schema/fields.js';

/** The kinds of event records (gateway/protocol.ts EVENT_KINDS) as people read them. */
export const EVENT_KIND_LABELS: Record<string, Localized> = {
  powerDown: L('网关断电', 'Gateway power-down', 'Mancanza di alimentazione del gateway'),
  powerRestore: L('网关来电', 'Gateway power restored', 'Alimentazione del gateway ripristinata'),
  alarmBell: L('警铃', 'Alarm bell', 'Campanello di allarme'),
  call: L('通话', 'Call', 'Chiamata'),
  run: L('运行', 'Run', 'Corsa'),
  hazard: L('安全隐患', 'Safety hazard', 'Pericolo per la sicurezza'),
};

/** The details an event carries (the protocol's event fields), labelled, with their units. */
const DETAIL_LABELS: Record<string, { label: Localized; unit?: string }> = {
  startFloor: { label: L('起始楼层', 'From floor', 'Dal piano') },
  endFloor: { label: L('到达楼层', 'To floor', 'Al piano') },
  distance: { label: L('运行距离', 'Distance', 'Distanza'), unit: 'm' },
  maxSpeed: { label: L('最大速度', 'Top speed', 'Velocità massima'), unit: 'm/s' },
  acceleration: { label: L('加速度', 'Acceleration', 'Accelerazione'), unit: 'm/s²' },
  jerk: { label: L('加加速度', 'Jerk', 'Strappo'), unit: 'm/s³' },
  durationSeconds: { label: L('时长', 'Duration', 'Durata'), unit: 's' },
  phone: { label: L('电话', 'Phone', 'Telefono') },
  originator: { label: L('发起人', 'Originator', 'Chiamante') },
  connector: { label: L('接听人', 'Connector', 'Risponditore') },
  audio: { label: L('录音', 'Recording', 'Registrazione') },
  code: { label: L('代码', 'Code', 'Codice') },
  description: { label: L('描述', 'Description', 'Descrizione') },
  floor: { label: L('楼层', 'Floor', 'Piano') },
};

const YES = L('是', 'yes', 'sì');
const NO = L('否', 'no', 'no');

/** An event's kind in the reader's language; a kind this version does not know stays as stored. */
export function eventKindText(value: unknown, language: Language): string {
  if (value === null || value === undefined) return '';
  return EVENT_KIND_LABELS[String(value)]?.[language] ?? String(value);
}

/**
 * An event's details (stored as the JSON object the gateway sent) as labelled values: "From floor 1, To floor
 * 9, Distance 24 m". Detail that is not a JSON object is shown as it is.
 */
export function eventDetailText(value: unknown, language: Language): string {
  if (value === null || value === undefined || value === '') return '';
  let parsed: unknown;
  try {
    parsed = typeof value === 'string' ? JSON.parse(value) : value;
  } catch {
    return String(value);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return String(value);
  const sep = language === 'zh-CN' ? '，' : ', ';
  const colon = language === 'zh-CN' ? '：' : ' ';
  return Object.entries(parsed as Record<string, unknown>)
    .filter(([, v]) => v !== null && v !== undefined && v !== '')
    .map(([key, v]) => {
      const known = DETAIL_LABELS[key];
      const shown =
        typeof v === 'boolean' ? (v ? YES : NO)[language] : typeof v === 'object' ? JSON.stringify(v) : String(v);
      return `${known?.label[language] ?? key}${colon}${shown}${known?.unit ? ` ${known.unit}` : ''}`;
    })
    .join(sep);
}

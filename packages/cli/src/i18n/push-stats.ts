/** Messages of `liftctl gateway push-stats`, in the three languages. */
export const pushStatsEnUS = {
  'cmd.gateway.pushStats': 'Messages a gateway pushed per UTC day and kind (accepted and dropped)',
  'arg.dtu': 'the gateway’s DTU number (11 digits)',
  'opt.days': 'how many UTC days, ending today (1 to {max})',
  'opt.json': 'print JSON (the same as -o json)',
  'ps.badDays': '--days: a whole number from 1 to {max}, not {value}',
  'ps.badDtu': 'DTU number: 11 digits, not {value}',
  'ps.unknownDtu': 'No gateway with DTU number {dtu} that you may see',
  'ps.col.day': 'Day (UTC)',
  'ps.col.dropped': 'Dropped',
  'ps.col.total': 'Accepted',
  'ps.summary':
    '{dtu}: {total} accepted, {dropped} dropped (malformed {malformed}, too large {oversized}, unbound {unbound}) from {from} to {to}; last push {last}',
  'ps.none': 'none',
} as const;

export type PushStatsKey = keyof typeof pushStatsEnUS;

export const pushStatsZhCN: Record<PushStatsKey, string> = {
  'cmd.gateway.pushStats': '网关按UTC日期和类型推送的消息数（已接收与已丢弃）',
  'arg.dtu': '网关的DTU编号（11位数字）',
  'opt.days': '统计的UTC天数，截至今天（1到{max}）',
  'opt.json': '输出JSON（同 -o json）',
  'ps.badDays': '--days：应为1到{max}的整数，而不是 {value}',
  'ps.badDtu': 'DTU编号：应为11位数字，而不是 {value}',
  'ps.unknownDtu': '没有您可查看的DTU编号为 {dtu} 的网关',
  'ps.col.day': '日期（UTC）',
  'ps.col.dropped': '已丢弃',
  'ps.col.total': '已接收',
  'ps.summary':
    '{dtu}：{from} 至 {to} 已接收 {total} 条，丢弃 {dropped} 条（格式错误 {malformed}，过大 {oversized}，未绑定 {unbound}）；最后推送 {last}',
  'ps.none': '无',
};

export const pushStatsItItaly: Record<PushStatsKey, string> = {
  'cmd.gateway.pushStats': 'Messaggi inviati da un gateway per giorno UTC e tipo (accettati e scartati)',
  'arg.dtu': 'il numero DTU del gateway (11 cifre)',
  'opt.days': 'quanti giorni UTC, fino a oggi (da 1 a {max})',
  'opt.json': 'stampa JSON (come -o json)',
  'ps.badDays': '--days: un numero intero da 1 a {max}, non {value}',
  'ps.badDtu': 'Numero DTU: 11 cifre, non {value}',
  'ps.unknownDtu': 'Nessun gateway visibile con numero DTU {dtu}',
  'ps.col.day': 'Giorno (UTC)',
  'ps.col.dropped': 'Scartati',
  'ps.col.total': 'Accettati',
  'ps.summary':
    '{dtu}: {total} accettati, {dropped} scartati (malformati {malformed}, troppo grandi {oversized}, non associati {unbound}) dal {from} al {to}; ultimo invio {last}',
  'ps.none': 'nessuno',
};

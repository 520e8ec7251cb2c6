/** A notice answer may be a plain list, a notice list {list, total} or a table page {records, total}. */
export type NoticeEntry = Record<string, unknown>;

export function entriesOf(data: unknown): NoticeEntry[] {
  if (Array.isArray(data)) return data as NoticeEntry[];
  if (data && typeof data === 'object') {
    const shaped = data as { list?: unknown; records?: unknown };
    if (Array.isArray(shaped.list)) return shaped.list as NoticeEntry[];
    if (Array.isArray(shaped.records)) return shaped.records as NoticeEntry[];
  }
  return [];
}

/** A one-line description of an entry from the fields the documents name for notices. */
export function describeEntry(entry: NoticeEntry): string {
  const pick = (...keys: string[]) =>
    keys
      .map((key) => entry[key])
      .filter((v) => v !== undefined && v !== null && v !== '')
      .map(String);
  return [
    ...pick('contractNo', 'workOrderNo', 'orderNo'),
    ...pick('elevatorName', 'elevatorNo', 'useUnitName'),
    // one time only, the one the notice is about (a contract's end, an inspection's next date), not its record's too
    ...pick('alarmTime', 'maintDate', 'nextCheckDate', 'endDate', 'checkDate', 'expireTime', 'createTime').slice(0, 1),
  ]
    .slice(0, 4)
    .join(' · ');
}

export const entryId = (entry: NoticeEntry): string => String(entry.id ?? entry.pkid ?? JSON.stringify(entry));

/** The fields a repair notice shows, each once, in this order: the order, the elevator, the alarm's type and time. */
export const REPAIR_NOTICE_FIELDS = ['workOrderNo', 'elevatorName', 'type', 'alarmTime'] as const;

/** A repair notice's lines as label and value, from the order the poll returned (fields without a value left out). */
export function repairNoticeLines(
  entry: NoticeEntry,
  label: (field: (typeof REPAIR_NOTICE_FIELDS)[number]) => string,
  value: (field: (typeof REPAIR_NOTICE_FIELDS)[number], raw: unknown) => string,
): { label: string; value: string }[] {
  return REPAIR_NOTICE_FIELDS.filter((f) => entry[f] !== undefined && entry[f] !== null && entry[f] !== '').map(
    (f) => ({ label: label(f), value: value(f, entry[f]) }),
  );
}

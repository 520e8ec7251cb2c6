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

/** The fields a notice entry shows, in this order: its number, what it is about, and the one time it is about. */
const NUMBER_FIELDS = ['contractNo', 'workOrderNo', 'orderNo', 'checkNo'];
const SUBJECT_FIELDS = ['elevatorName', 'useUnitName'];
// one time only, the one the notice is about (a contract's end, an inspection's next date), not its record's too
const TIME_FIELDS = ['alarmTime', 'maintDate', 'nextCheckDate', 'endDate', 'checkDate', 'expireTime', 'createTime'];

/**
 * A one-line description of an entry: each value after its field's label ("Contract no. HT-2025-002 · Use unit
 * name Green Park Tower · End date 2026-12-23"), so a date or a number never stands alone. `labelOf` answers a
 * field's label in the reader's language (the entity's definition); a field it does not know is shown bare.
 */
export function describeEntry(entry: NoticeEntry, labelOf: (field: string) => string | undefined): string {
  const present = (keys: string[]) =>
    keys.filter((key) => entry[key] !== undefined && entry[key] !== null && entry[key] !== '');
  return [...present(NUMBER_FIELDS), ...present(SUBJECT_FIELDS), ...present(TIME_FIELDS).slice(0, 1)]
    .slice(0, 4)
    .map((key) => {
      const label = labelOf(key);
      return label ? `${label} ${String(entry[key])}` : String(entry[key]);
    })
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

import {
  alarmRecord,
  alarmType,
  allows,
  contract,
  type EntityDef,
  inspection,
  maintenanceOrder,
  enumLabel,
  listAlarmBellNotices,
  listPowerLossNotices,
  listRepairNotices,
  NOTICE_POLL,
  PERMISSION,
  type PermissionIndex,
  type Query,
  workOrder,
} from '@liftcloud/client';
import { useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useConsole } from '../app/ConsoleContext';
import { withFeedback } from '../app/feedback';
import { playAlarmSound } from './alarmSound';
import { describeEntry, entriesOf, entryId, repairNoticeLines, type NoticeEntry } from './entries';
import { usePolling } from './usePolling';
import { yearCheckWindow } from './yearCheckWindow';

/** Repair and alarm-bell polls every 10 s (first after 2 s) and hourly expiry checks (console-shell.md §6, §9). */
export function Notices() {
  const { t } = useTranslation();
  const { session, client, language } = useConsole();
  const navigate = useNavigate();
  // Lists the expiry notices read once their entities exist on the server (until then the route is not published).
  const listPoll = (path: string, query: () => Query) => ({ route: path, load: () => client.crud(path).list(query()) });
  const can = (index: PermissionIndex) => !!session && allows(session.username, session.auth, index);
  const seenRepairs = useRef(new Set<string>());
  // Repair orders open when the page loads are history (the demo's seeded ones, yesterday's): each repair poll's
  // first answer is taken as seen, and only orders that appear while the page is open are announced.
  const repairPollsPrimed = useRef({ reported: false, received: false });
  const seenAlarms = useRef(new Set<string>());
  // power-down events are history: those there at the first poll are taken as seen, only new ones are announced
  const seenPowerDowns = useRef<Set<string> | null>(null);

  /** A field's label in the reader's language, from the entity the notice lists. */
  const labelsOf = (entity: EntityDef) => (field: string) =>
    (entity.fields as Record<string, { label: Record<string, string> } | undefined>)[field]?.label[language];

  /** A repair notice: each field labelled, the alarm time once; a click opens the order. */
  const repairNotice = (entry: NoticeEntry) => ({
    description: (
      <div data-testid={`repair-notice-${entryId(entry)}`}>
        {repairNoticeLines(
          entry,
          (field) => workOrder.fields[field].label[language],
          (field, raw) => (field === 'type' ? enumLabel(alarmType, Number(raw), language) : String(raw)),
        ).map((line) => (
          <div key={line.label}>
            {line.label}: {line.value}
          </div>
        ))}
      </div>
    ),
    style: { cursor: 'pointer' },
    onClick: () => navigate(`/workOrder/${entryId(entry)}`),
  });

  /** Repair orders of one poll: the first answer only primes what is seen. */
  const announceRepairs = (data: unknown, poll: 'reported' | 'received') => {
    if (repairPollsPrimed.current[poll]) return announceNew(data, seenRepairs.current, t('notices.repairTitle'), true);
    repairPollsPrimed.current[poll] = true;
    entriesOf(data).forEach((entry) => seenRepairs.current.add(entryId(entry)));
  };

  const announceNew = (data: unknown, seen: Set<string>, title: string, repair = false) => {
    const labelOf = labelsOf(repair ? workOrder : alarmRecord);
    const fresh = entriesOf(data).filter((entry) => !seen.has(entryId(entry)));
    fresh.forEach((entry) => seen.add(entryId(entry)));
    if (fresh.length === 0) return;
    playAlarmSound();
    for (const entry of fresh.slice(0, NOTICE_POLL.expiryMaxEntries))
      withFeedback((ui) =>
        ui.notification.warning({
          title,
          key: `${title}:${entryId(entry)}`,
          ...(repair ? repairNotice(entry) : { description: describeEntry(entry, labelOf) }),
        }),
      );
  };

  const showExpiry = (data: unknown, title: string, entity: EntityDef) => {
    const labelOf = labelsOf(entity);
    const entries = entriesOf(data);
    if (entries.length === 0) return;
    const shown = entries.slice(0, NOTICE_POLL.expiryMaxEntries);
    const more = entries.length - shown.length;
    withFeedback((ui) =>
      ui.notification.info({
        title,
        placement: 'bottomRight',
        duration: NOTICE_POLL.expiryShowMs / 1000,
        description: (
          <ul style={{ margin: 0, paddingInlineStart: 18 }}>
            {shown.map((entry) => (
              <li key={entryId(entry)}>{describeEntry(entry, labelOf)}</li>
            ))}
            {more > 0 ? <li>{t('notices.moreEntries', { count: more })}</li> : null}
          </ul>
        ),
      }),
    );
  };

  const fast = { firstDelayMs: NOTICE_POLL.firstPollDelayMs, intervalMs: NOTICE_POLL.repairIntervalMs };
  const hourly = { firstDelayMs: NOTICE_POLL.firstPollDelayMs, intervalMs: NOTICE_POLL.expiryIntervalMs };

  usePolling({
    ...fast,
    route: listRepairNotices.path,
    load: () => client.call(listRepairNotices, { query: { pageIndex: 1, workOrderRecordState: 1 } }),
    enabled: can(PERMISSION.repairOrders),
    onData: (data) => announceRepairs(data, 'received'),
  });
  // An alarm opens its order in state 0 (reported): new orders are announced before anyone receives them.
  usePolling({
    ...fast,
    route: listRepairNotices.path,
    load: () => client.call(listRepairNotices, { query: { pageIndex: 1, workOrderRecordState: 0 } }),
    enabled: can(PERMISSION.repairOrders),
    onData: (data) => announceRepairs(data, 'reported'),
  });
  usePolling({
    ...fast,
    intervalMs: NOTICE_POLL.alarmBellIntervalMs,
    route: listAlarmBellNotices.path,
    load: () => client.call(listAlarmBellNotices),
    enabled: can(PERMISSION.alarmRecords),
    onData: (data) => announceNew(data, seenAlarms.current, t('notices.alarmTitle')),
  });
  usePolling({
    ...fast,
    intervalMs: NOTICE_POLL.alarmBellIntervalMs,
    route: listPowerLossNotices.path,
    load: () => client.call(listPowerLossNotices),
    enabled: can(PERMISSION.eventRecords),
    onData: (data) => {
      if (seenPowerDowns.current === null) {
        seenPowerDowns.current = new Set(entriesOf(data).map(entryId));
        return;
      }
      const seen = seenPowerDowns.current;
      const fresh = entriesOf(data).filter((entry) => !seen.has(entryId(entry)));
      fresh.forEach((entry) => seen.add(entryId(entry)));
      for (const entry of fresh.slice(0, NOTICE_POLL.expiryMaxEntries))
        withFeedback((ui) =>
          ui.notification.warning({
            title: t('notices.powerDownTitle'),
            key: `powerDown:${entryId(entry)}`,
            description: (
              <span data-testid={`power-down-notice-${entryId(entry)}`}>
                {[entry.elevatorName, entry.dtuCode, entry.eventTime].filter(Boolean).map(String).join(' · ')}
              </span>
            ),
          }),
        );
    },
  });
  usePolling({
    ...hourly,
    ...listPoll('maintenanceOrder', () => ({ recentNotAccept: true })),
    enabled: can(PERMISSION.maintenanceOrders),
    onData: (data) => showExpiry(data, t('notices.maintenanceExpiry'), maintenanceOrder),
  });
  usePolling({
    ...hourly,
    ...listPoll('yearChecks', yearCheckWindow),
    enabled: can(PERMISSION.annualInspections),
    onData: (data) => showExpiry(data, t('notices.yearCheckExpiry'), inspection),
  });
  usePolling({
    ...hourly,
    ...listPoll('contract', () => ({ isOverdue: 2 })),
    enabled: can(PERMISSION.contracts),
    onData: (data) => showExpiry(data, t('notices.contractExpiry'), contract),
  });
  return null;
}

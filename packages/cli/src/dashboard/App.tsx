import { Box, Text, useApp, useInput, useStdout } from 'ink';
import { OPEN_STATES, type LiveFrameOf } from '@liftcloud/client';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { FRAME_TYPES, type ChannelNotice, type LiveFrame } from '../live/channel.js';
import { clock, frameDetail, frameSubject } from '../live/format.js';

export interface GatewayRow {
  id: number;
  dtuCode: string;
  online: boolean;
  elevatorName: string | null;
  lastReportTime: string | null;
}

export interface OrderRow {
  id: number;
  workOrderNo: string;
  recordState: number;
  elevatorName: string | null;
  alarmTime: string | null;
  paused: boolean;
}

export interface AlarmRow {
  at: number;
  frame: LiveFrameOf<'alarm'>;
}

/** Where the dashboard's data comes from: the server through the client, or a stub in tests. */
export interface DashboardSource {
  title: string;
  gateways(): Promise<GatewayRow[]>;
  /** Open work orders (states 0, 1 and 2). */
  workOrders(): Promise<OrderRow[]>;
  /** Lines to show for one order: its fields, the actions allowed now, the timeline. */
  orderDetail(id: number): Promise<string[]>;
  /** Live frames; returns the channel: close it, or try to reconnect now (the r key). */
  subscribe(
    onFrame: (frame: LiveFrame) => void,
    onNotice: (notice: ChannelNotice) => void,
  ): { close(): void; retryNow(): void };
  stateLabel(state: number): string;
  /** The labels of the dashboard's own words, in the reader's language. */
  text: DashboardText;
}

export interface DashboardText {
  alarms: string;
  gateways: string;
  orders: string;
  online: string;
  offline: string;
  noAlarms: string;
  noOrders: string;
  noGateways: string;
  keys: string;
  detailKeys: string;
  loading: string;
  connected: string;
  reconnecting: string;
  /** "attempt 3, next in 20 s, r: now" */
  retryIn(attempt: number, seconds: number): string;
  disconnected: string;
}

/** How the view ends when Ctrl-C is pressed in it: waitUntilExit() rejects with it. */
export class DashboardInterrupted extends Error {
  constructor() {
    super('interrupted');
  }
}

const PANES = ['alarms', 'gateways', 'orders'] as const;
type Pane = (typeof PANES)[number];
const MAX_ALARMS = 200;

interface Detail {
  title: string;
  lines: string[];
}

export interface DashboardProps {
  source: DashboardSource;
  /** How often gateways and orders are read again, in ms. */
  refreshMs?: number;
  onFirstPaint?: () => void;
}

const cut = (text: string, width: number) => (text.length > width ? `${text.slice(0, Math.max(0, width - 1))}…` : text);

export function Dashboard({ source, refreshMs = 10_000, onFirstPaint }: DashboardProps) {
  const { exit } = useApp();
  const { stdout } = useStdout();
  const [pane, setPane] = useState<Pane>('alarms');
  const [selected, setSelected] = useState<Record<Pane, number>>({ alarms: 0, gateways: 0, orders: 0 });
  const [alarms, setAlarms] = useState<AlarmRow[]>([]);
  const [gateways, setGateways] = useState<GatewayRow[] | null>(null);
  const [orders, setOrders] = useState<OrderRow[] | null>(null);
  const [link, setLink] = useState<string>(source.text.loading);
  const [detail, setDetail] = useState<Detail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [size, setSize] = useState({ columns: stdout.columns || 100, rows: stdout.rows || 30 });
  const ordersDue = useRef<NodeJS.Timeout | null>(null);
  const channelRef = useRef<{ retryNow(): void } | null>(null);

  const loadGateways = useCallback(
    () =>
      source
        .gateways()
        .then(setGateways)
        .catch((e: unknown) => setError(e instanceof Error ? e.message : String(e))),
    [source],
  );
  const loadOrders = useCallback(
    () =>
      source
        .workOrders()
        .then((rows) => setOrders(rows.filter((o) => OPEN_STATES.includes(o.recordState))))
        .catch((e: unknown) => setError(e instanceof Error ? e.message : String(e))),
    [source],
  );

  useEffect(() => {
    onFirstPaint?.();
  }, [onFirstPaint]);

  useEffect(() => {
    const onResize = () => setSize({ columns: stdout.columns || 100, rows: stdout.rows || 30 });
    stdout.on('resize', onResize);
    return () => void stdout.off('resize', onResize);
  }, [stdout]);

  useEffect(() => {
    void loadGateways();
    void loadOrders();
    const timer = setInterval(() => {
      void loadGateways();
      void loadOrders();
    }, refreshMs);
    const channel = source.subscribe(
      (frame) => {
        if (frame.type === FRAME_TYPES.alarm)
          setAlarms((list) => [{ at: Date.now(), frame }, ...list].slice(0, MAX_ALARMS));
        if (frame.type === FRAME_TYPES.workOrder || frame.type === FRAME_TYPES.alarm) {
          // Orders change in bursts: read them again once the burst is over.
          if (ordersDue.current) clearTimeout(ordersDue.current);
          ordersDue.current = setTimeout(() => void loadOrders(), 300);
        }
        if (frame.type === FRAME_TYPES.gateway || frame.type === FRAME_TYPES.status) {
          const dtu = frame.data.dtu;
          const online = frame.type === FRAME_TYPES.status || frame.data.online;
          setGateways((list) => {
            if (!list) return list;
            const i = list.findIndex((g) => g.dtuCode === dtu);
            if (i < 0 || list[i]!.online === online) return list;
            const next = [...list];
            next[i] = { ...list[i]!, online };
            return next;
          });
        }
      },
      (notice) => {
        if (notice.kind === 'open') setLink(source.text.connected);
        else if (notice.kind === 'lost')
          setLink(
            `${source.text.reconnecting} (${
              Number.isFinite(notice.of)
                ? `${notice.attempt}/${notice.of}`
                : source.text.retryIn(notice.attempt, notice.delayMs / 1000)
            })`,
          );
        else setLink(`${source.text.disconnected}: ${notice.reason}`);
      },
    );
    channelRef.current = channel;
    return () => {
      clearInterval(timer);
      if (ordersDue.current) clearTimeout(ordersDue.current);
      channelRef.current = null;
      channel.close();
    };
  }, [source, refreshMs, loadGateways, loadOrders]);

  const sortedGateways = [...(gateways ?? [])].sort(
    (a, b) => Number(a.online) - Number(b.online) || a.dtuCode.localeCompare(b.dtuCode),
  );
  const sortedOrders = [...(orders ?? [])].sort((a, b) => a.recordState - b.recordState || b.id - a.id);
  const counts: Record<Pane, number> = {
    alarms: alarms.length,
    gateways: sortedGateways.length,
    orders: sortedOrders.length,
  };

  const open = () => {
    const i = selected[pane];
    if (pane === 'alarms') {
      const a = alarms[i];
      if (!a) return;
      setDetail({
        title: `${clock(a.at)} ${frameSubject(a.frame)}`,
        lines: [frameDetail(a.frame), ...Object.entries(a.frame.data).map(([k, v]) => `${k}: ${JSON.stringify(v)}`)],
      });
    } else if (pane === 'gateways') {
      const g = sortedGateways[i];
      if (!g) return;
      setDetail({
        title: `DTU ${g.dtuCode}`,
        lines: [
          `${g.online ? source.text.online : source.text.offline}`,
          `elevator: ${g.elevatorName ?? '-'}`,
          `last report: ${g.lastReportTime ?? '-'}`,
        ],
      });
    } else {
      const o = sortedOrders[i];
      if (!o) return;
      setDetail({ title: `${o.workOrderNo} (#${o.id})`, lines: [source.text.loading] });
      source
        .orderDetail(o.id)
        .then((lines) => setDetail({ title: `${o.workOrderNo} (#${o.id})`, lines }))
        .catch((e: unknown) => setDetail({ title: `${o.workOrderNo}`, lines: [String(e)] }));
    }
  };

  // Input may arrive before the effects of the latest render ran: the handler reads the latest state from a ref.
  const latest = useRef({ pane, detail, counts, open });
  latest.current = { pane, detail, counts, open };
  useInput((input, key) => {
    const { pane, detail, counts, open } = latest.current;
    if (input === 'q' || (key.ctrl && input === 'c')) {
      // Ctrl-C is an interruption (exit 130, as every command), q a normal end (0)
      exit(key.ctrl ? new DashboardInterrupted() : undefined);
      return;
    }
    if (input === 'r') {
      channelRef.current?.retryNow();
      return;
    }
    if (detail) {
      if (key.escape || key.return || key.backspace || key.leftArrow) setDetail(null);
      return;
    }
    const move = (by: number) => setPane((p) => PANES[(PANES.indexOf(p) + by + PANES.length) % PANES.length]!);
    // Keys typed fast (or sent by tmux) can arrive as one chunk: "\t\t" is two tabs.
    if (/^\t{2,}$/.test(input)) move(input.length);
    else if ((key.tab && key.shift) || key.leftArrow) move(-1);
    else if (key.tab || key.rightArrow) move(1);
    else if (key.upArrow || input === 'k') setSelected((s) => ({ ...s, [pane]: Math.max(0, s[pane] - 1) }));
    else if (key.downArrow || input === 'j')
      setSelected((s) => ({ ...s, [pane]: Math.min(Math.max(0, counts[pane] - 1), s[pane] + 1) }));
    else if (key.return) open();
  });

  const listRows = Math.max(3, size.rows - 8);
  const paneWidth = Math.max(20, Math.floor(size.columns / 3) - 1);
  const inner = paneWidth - 4;
  const window = <T,>(items: T[], sel: number): { items: T[]; offset: number } => {
    const offset = Math.max(0, Math.min(sel - Math.floor(listRows / 2), items.length - listRows));
    return { items: items.slice(offset, offset + listRows), offset };
  };

  const row = (p: Pane, index: number, text: string, color?: string) => {
    const active = pane === p && selected[p] === index;
    return (
      <Text key={`${p}-${index}`} inverse={active} color={color} wrap="truncate">
        {cut(text, inner)}
      </Text>
    );
  };

  const alarmView = window(alarms, selected.alarms);
  const gatewayView = window(sortedGateways, selected.gateways);
  const orderView = window(sortedOrders, selected.orders);
  const online = sortedGateways.filter((g) => g.online).length;
  const byState = OPEN_STATES.map(
    (s) => `${source.stateLabel(s)} ${sortedOrders.filter((o) => o.recordState === s).length}`,
  );

  const box = (p: Pane, title: string, summary: string, body: ReactNode) => (
    <Box
      flexDirection="column"
      borderStyle="round"
      borderColor={pane === p ? 'cyan' : 'gray'}
      width={paneWidth}
      height={listRows + 4}
      paddingX={1}
    >
      <Text bold color={pane === p ? 'cyan' : undefined}>
        {cut(title, inner)}
      </Text>
      <Text dimColor wrap="truncate">
        {cut(summary, inner)}
      </Text>
      {body}
    </Box>
  );

  return (
    <Box flexDirection="column" width={size.columns}>
      <Box justifyContent="space-between">
        <Text bold>{cut(source.title, size.columns - 30)}</Text>
        <Text color={link === source.text.connected ? 'green' : 'yellow'}>{link}</Text>
      </Box>
      {detail ? (
        <Box flexDirection="column" borderStyle="round" borderColor="cyan" paddingX={1} height={listRows + 4}>
          <Text bold>{detail.title}</Text>
          {detail.lines.slice(0, listRows + 1).map((line, i) => (
            <Text key={i} wrap="truncate">
              {line}
            </Text>
          ))}
        </Box>
      ) : (
        <Box>
          {box(
            'alarms',
            `${source.text.alarms} (${alarms.length})`,
            alarms[0] ? `${clock(alarms[0].at)}` : '',
            alarms.length === 0 ? (
              <Text dimColor>{source.text.noAlarms}</Text>
            ) : (
              alarmView.items.map((a, i) =>
                row(
                  'alarms',
                  i + alarmView.offset,
                  `${clock(a.at)} ${frameSubject(a.frame)} ${frameDetail(a.frame)}`,
                  'red',
                ),
              )
            ),
          )}
          {box(
            'gateways',
            `${source.text.gateways} (${sortedGateways.length})`,
            gateways
              ? `${source.text.online} ${online} · ${source.text.offline} ${sortedGateways.length - online}`
              : source.text.loading,
            gateways && sortedGateways.length === 0 ? (
              <Text dimColor>{source.text.noGateways}</Text>
            ) : (
              gatewayView.items.map((g, i) =>
                row(
                  'gateways',
                  i + gatewayView.offset,
                  `${g.online ? '●' : '○'} ${g.dtuCode} ${g.elevatorName ?? ''}`,
                  g.online ? 'green' : 'red',
                ),
              )
            ),
          )}
          {box(
            'orders',
            `${source.text.orders} (${sortedOrders.length})`,
            orders ? byState.join(' · ') : source.text.loading,
            orders && sortedOrders.length === 0 ? (
              <Text dimColor>{source.text.noOrders}</Text>
            ) : (
              orderView.items.map((o, i) =>
                row(
                  'orders',
                  i + orderView.offset,
                  `${source.stateLabel(o.recordState)}${o.paused ? ' ⏸' : ''} ${o.workOrderNo} ${o.elevatorName ?? ''}`,
                  o.recordState === 0 ? 'red' : o.recordState === 1 ? 'yellow' : undefined,
                ),
              )
            ),
          )}
        </Box>
      )}
      <Text dimColor wrap="truncate">
        {error ? `! ${error}  ` : ''}
        {detail ? source.text.detailKeys : source.text.keys}
      </Text>
    </Box>
  );
}

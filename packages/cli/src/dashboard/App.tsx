import { Box, Text, useApp, useInput, useStdout } from 'ink';
import { OPEN_STATES } from '@liftcloud/client';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { FRAME_TYPES } from '../live/channel.js';
import { clock, frameDetail, frameSubject } from '../live/format.js';

import {
  ORDER_KEYS,
  type AlarmRow,
  type DashboardSource,
  type GatewayRow,
  type OrderAction,
  type OrderRow,
} from './source-contract.js';

export type * from './source-contract.js';
export { ORDER_KEYS };

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
  /** The order shown, whose keys move it. */
  orderId?: number;
  /** The last move's outcome or refusal. */
  note?: string;
}

/** Typing the finish's two texts in an order's detail. */
interface FinishPrompt {
  field: 'handling' | 'faultReason';
  value: string;
  handling: string;
}

/** Below this width the panes are shown one at a time, full width, with a tab line (80x24 first). */
export const NARROW_COLUMNS = 100;

/** Times the frames carry as epoch milliseconds (alarmTime…), as a local date and time. */
function detailValue(key: string, value: unknown): string {
  if (typeof value === 'number' && /Time$/.test(key) && value > 1e11) {
    const d = new Date(value);
    const p = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
  }
  return typeof value === 'string' ? value : JSON.stringify(value);
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
  const [prompt, setPrompt] = useState<FinishPrompt | null>(null);
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
        lines: [frameDetail(a.frame), ...Object.entries(a.frame.data).map(([k, v]) => `${k}: ${detailValue(k, v)}`)],
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
      showOrder(o.id, `${o.workOrderNo} (#${o.id})`);
    }
  };

  const showOrder = (id: number, title: string, note?: string) => {
    setDetail({ title, lines: [source.text.loading], orderId: id, note });
    source
      .orderDetail(id)
      .then((lines) => setDetail((d) => (d?.orderId === id ? { title, lines, orderId: id, note } : d)))
      .catch((e: unknown) => setDetail({ title, lines: [String(e)], orderId: id, note }));
  };

  const act = (id: number, title: string, action: OrderAction, body: { handling?: string; faultReason?: string }) => {
    setDetail((d) => (d ? { ...d, note: `${action}…` } : d));
    source
      .actOnOrder(id, action, body)
      .then((state) => {
        showOrder(id, title, source.text.acted(action, state));
        void loadOrders();
      })
      .catch((e: unknown) =>
        setDetail((d) => (d ? { ...d, note: `! ${e instanceof Error ? e.message : String(e)}` } : d)),
      );
  };

  // Input may arrive before the effects of the latest render ran: the handler reads the latest state from a ref.
  const latest = useRef({ pane, detail, counts, open, prompt, act });
  latest.current = { pane, detail, counts, open, prompt, act };
  useInput((input, key) => {
    const { pane, detail, counts, open, prompt, act } = latest.current;
    if (key.ctrl && input === 'c') {
      exit(new DashboardInterrupted());
      return;
    }
    if (prompt && detail?.orderId !== undefined) {
      // typing the finish's handling, then its fault reason: Enter goes on, Esc gives up
      if (key.escape) setPrompt(null);
      else if (key.return) {
        if (!prompt.value.trim()) return;
        if (prompt.field === 'handling') setPrompt({ field: 'faultReason', value: '', handling: prompt.value });
        else {
          setPrompt(null);
          act(detail.orderId, detail.title, 'finish', { handling: prompt.handling, faultReason: prompt.value });
        }
      } else if (key.backspace || key.delete) setPrompt({ ...prompt, value: prompt.value.slice(0, -1) });
      else if (input && !key.ctrl && !key.meta) {
        // pasted or fast text may arrive with its Enter in the same chunk: the text, then the Enter
        const [text = '', ...rest] = input.split(/[\r\n]/);
        const value = prompt.value + text;
        if (rest.length === 0) setPrompt({ ...prompt, value });
        else if (!value.trim()) setPrompt({ ...prompt, value });
        else if (prompt.field === 'handling') setPrompt({ field: 'faultReason', value: '', handling: value });
        else {
          setPrompt(null);
          act(detail.orderId, detail.title, 'finish', { handling: prompt.handling, faultReason: value });
        }
      }
      return;
    }
    if (input === 'q') {
      // q is a normal end (0); Ctrl-C above an interruption (exit 130, as every command)
      exit();
      return;
    }
    if (input === 'r') {
      channelRef.current?.retryNow();
      return;
    }
    if (detail) {
      const action = ORDER_KEYS[input];
      if (detail.orderId !== undefined && action === 'finish')
        setPrompt({ field: 'handling', value: '', handling: '' });
      else if (detail.orderId !== undefined && action) act(detail.orderId, detail.title, action, {});
      else if (key.escape || key.return || key.backspace || key.leftArrow) setDetail(null);
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

  const narrow = size.columns < NARROW_COLUMNS;
  // header, (tab line when narrow), the box's borders, title and summary, the keys line
  const listRows = Math.max(3, size.rows - (narrow ? 9 : 8));
  // wide: the alarms pane takes the most width (its text is the longest), gateways the least
  const alarmsWidth = Math.floor(size.columns * 0.4);
  const gatewaysWidth = Math.floor(size.columns * 0.25);
  const widthOf = (p: Pane) =>
    narrow
      ? size.columns
      : p === 'alarms'
        ? alarmsWidth
        : p === 'gateways'
          ? gatewaysWidth
          : size.columns - alarmsWidth - gatewaysWidth;
  const innerOf = (p: Pane) => widthOf(p) - 4;
  const window = <T,>(items: T[], sel: number): { items: T[]; offset: number } => {
    const offset = Math.max(0, Math.min(sel - Math.floor(listRows / 2), items.length - listRows));
    return { items: items.slice(offset, offset + listRows), offset };
  };

  const row = (p: Pane, index: number, text: string, color?: string) => {
    const active = pane === p && selected[p] === index;
    return (
      <Text key={`${p}-${index}`} inverse={active} color={color} wrap="truncate">
        {cut(text, innerOf(p))}
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

  const box = (p: Pane, title: string, summary: string, body: ReactNode) =>
    narrow && pane !== p ? null : (
      <Box
        key={p}
        flexDirection="column"
        borderStyle="round"
        borderColor={pane === p ? 'cyan' : 'gray'}
        width={widthOf(p)}
        height={listRows + 4}
        paddingX={1}
      >
        <Text bold color={pane === p ? 'cyan' : undefined}>
          {cut(title, innerOf(p))}
        </Text>
        <Text dimColor wrap="truncate">
          {cut(summary, innerOf(p))}
        </Text>
        {body}
      </Box>
    );
  const titles: Record<Pane, string> = {
    alarms: `${source.text.alarms} (${alarms.length})`,
    gateways: `${source.text.gateways} (${sortedGateways.length})`,
    orders: `${source.text.orders} (${sortedOrders.length})`,
  };
  const keysLine = prompt
    ? `${prompt.field === 'handling' ? source.text.handling : source.text.faultReason}: ${prompt.value}▏`
    : detail
      ? detail.orderId !== undefined
        ? source.text.orderKeys
        : source.text.detailKeys
      : source.text.keys;

  return (
    <Box flexDirection="column" width={size.columns}>
      <Box justifyContent="space-between">
        <Text bold wrap="truncate">
          {cut(source.title, size.columns - link.length - 2)}
        </Text>
        <Text color={link === source.text.connected ? 'green' : 'yellow'}>{link}</Text>
      </Box>
      {narrow && !detail ? (
        <Text wrap="truncate">
          {PANES.map((p) => (
            <Text key={p} inverse={pane === p} color={pane === p ? 'cyan' : undefined}>
              {` ${titles[p]} `}
            </Text>
          ))}
        </Text>
      ) : null}
      {detail ? (
        <Box
          flexDirection="column"
          borderStyle="round"
          borderColor="cyan"
          paddingX={1}
          height={listRows + 4 + (narrow ? 1 : 0)}
        >
          <Text bold wrap="truncate">
            {detail.title}
          </Text>
          {detail.note ? (
            <Text color={detail.note.startsWith('!') ? 'red' : 'green'} wrap="truncate">
              {detail.note}
            </Text>
          ) : null}
          {detail.lines.slice(0, listRows + (detail.note ? 0 : 1) + (narrow ? 1 : 0)).map((line, i) => (
            <Text key={i} wrap="truncate">
              {line}
            </Text>
          ))}
        </Box>
      ) : (
        <Box>
          {box(
            'alarms',
            titles.alarms,
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
            titles.gateways,
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
            titles.orders,
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
        {keysLine}
      </Text>
    </Box>
  );
}

import type { LiveFrameOf } from '@liftcloud/client';
import type { ChannelNotice, LiveFrame } from '../live/channel.js';

/** What the dashboard (App.tsx) shows and does, and where it asks for it (source.ts, or a stub in tests). */

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
  /**
   * Move an order (the keys of its detail: receive, arrive, finish with handling and fault reason, confirm);
   * resolves to the state label it is in now, rejects with the server's message (a move not allowed now).
   */
  actOnOrder(id: number, action: OrderAction, body: { handling?: string; faultReason?: string }): Promise<string>;
  /** Live frames; returns the channel: close it, or try to reconnect now (the r key). */
  subscribe(
    onFrame: (frame: LiveFrame) => void,
    onNotice: (notice: ChannelNotice) => void,
  ): { close(): void; retryNow(): void };
  stateLabel(state: number): string;
  /** The labels of the dashboard's own words, in the reader's language. */
  text: DashboardText;
}

export type OrderAction = 'receive' | 'arrive' | 'finish' | 'confirm';

/** The keys of an order's detail and the move each makes. */
export const ORDER_KEYS: Record<string, OrderAction> = { a: 'receive', v: 'arrive', f: 'finish', c: 'confirm' };

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
  /** The keys of an order's detail (ORDER_KEYS, Esc, q). */
  orderKeys: string;
  handling: string;
  faultReason: string;
  /** "receive: now Received" */
  acted(action: string, state: string): string;
  loading: string;
  connected: string;
  reconnecting: string;
  /** "attempt 3, next in 20 s, r: now" */
  retryIn(attempt: number, seconds: number): string;
  disconnected: string;
}

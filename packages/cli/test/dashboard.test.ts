import { stripVTControlCharacters } from 'node:util';
import { render } from 'ink-testing-library';
import { createElement } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WORK_ORDER_STATE, raiseWorkOrder, type LiftCloudClient } from '@liftcloud/client';
import type { ChannelNotice, LiveFrame } from '../src/live/channel.js';
import type { DashboardSource, GatewayRow, OrderRow } from '../src/dashboard/App.js';
import { Dashboard } from '../src/dashboard/App.js';
import { startTestServer, type TestServer } from '../../../tests/support/server.js';
import { ensureBuilt, runCli, tempConfigDir } from './helpers/cli.js';
import { hasTmux, tmuxCli } from './helpers/tmux.js';
import { connectGateway, provisionGateway, publishQos1 } from '../../../tests/support/gateway.js';
import { upTopic } from '@liftcloud/client';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** DASHBOARD_CAPTURE_DIR=dir keeps what the window showed at each size, to look at. */
const keepCapture = (name: string, screen: string) => {
  const dir = process.env.DASHBOARD_CAPTURE_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, name), screen);
};

// Ink's colours are decided when chalk loads: on for this file's frames (the focused pane and row show only
// in colour), off again for the processes it starts.
vi.hoisted(() => {
  process.env.FORCE_COLOR = '1';
});
delete process.env.FORCE_COLOR;

const TEXT = {
  alarms: 'Alarms',
  gateways: 'Gateways',
  orders: 'Open work orders',
  online: 'online',
  offline: 'offline',
  noAlarms: 'No alarms since start',
  noOrders: 'No open orders',
  noGateways: 'No gateways',
  keys: 'tab/←→ pane · ↑↓ move · Enter open · q quit',
  detailKeys: 'Esc/Enter back · q quit',
  orderKeys: 'a receive · v arrive · f finish · c confirm · Esc back · q quit',
  handling: 'Handling',
  faultReason: 'Fault reason',
  acted: (action: string, state: string) => `${action} done: now ${state}`,
  loading: 'loading…',
  connected: 'live',
  reconnecting: 'reconnecting',
  retryIn: (attempt: number, seconds: number) => `attempt ${attempt}, next in ${seconds} s, r: now`,
  disconnected: 'disconnected',
};
const STATES = ['Reported', 'Received', 'On site'];

/** A source the test drives: gateways and orders it returns, frames it pushes. */
function stubSource() {
  let push: (frame: LiveFrame) => void = () => undefined;
  let notify: (notice: ChannelNotice) => void = () => undefined;
  const state = {
    gateways: [
      { id: 1, dtuCode: '86100000001', online: true, elevatorName: 'Lift A', lastReportTime: null },
      { id: 2, dtuCode: '86100000002', online: false, elevatorName: 'Lift B', lastReportTime: null },
    ] as GatewayRow[],
    orders: [
      { id: 7, workOrderNo: 'R7', recordState: 0, elevatorName: 'Lift A', alarmTime: null, paused: false },
      { id: 8, workOrderNo: 'R8', recordState: 1, elevatorName: 'Lift B', alarmTime: null, paused: false },
      { id: 9, workOrderNo: 'R9', recordState: 6, elevatorName: 'Lift B', alarmTime: null, paused: false },
    ] as OrderRow[],
    closed: false,
    retries: 0,
    detailAsked: [] as number[],
  };
  const source: DashboardSource = {
    title: 'LiftCloud · test',
    gateways: async () => state.gateways,
    workOrders: async () => state.orders,
    orderDetail: async (id) => {
      state.detailAsked.push(id);
      return [`Order ${id}`, 'Allowed now: receive, cancel', 'Timeline:', 'report  Reported'];
    },
    subscribe: (onFrame, onNotice) => {
      push = onFrame;
      notify = onNotice;
      return { close: () => void (state.closed = true), retryNow: () => void state.retries++ };
    },
    actOnOrder: async () => 'Received',
    stateLabel: (s) => STATES[s] ?? String(s),
    text: TEXT,
  };
  return { source, state, push: (f: LiveFrame) => push(f), notify: (n: ChannelNotice) => notify(n) };
}

const until = (check: () => boolean, what: string) =>
  vi.waitFor(
    () => {
      if (!check()) throw new Error(`timed out waiting for ${what}`);
    },
    { timeout: 5_000, interval: 20 },
  );

describe('dashboard view (ink-testing-library)', () => {
  it('shows alarms as they arrive, gateways online and offline, open orders by state; keys move and open', async () => {
    const stub = stubSource();
    let painted = 0;
    const app = render(createElement(Dashboard, { source: stub.source, onFirstPaint: () => painted++ }));
    // colours on (see the top of the file): the focused pane and row show only in them
    const raw = () => app.lastFrame() ?? '';
    const frame = () => stripVTControlCharacters(raw());
    /** A key, and the frame it leads to: the next key is read against that state. */
    const press = async (key: string, what: string) => {
      const before = raw();
      app.stdin.write(key);
      await until(() => raw() !== before, what);
    };
    await until(() => frame().includes('86100000002'), 'the gateways');
    expect(painted).toBe(1);
    expect(frame()).toContain('No alarms since start');
    expect(frame()).toContain('online 1 · offline 1');
    // Open orders only (state 6 is final), counted by state.
    expect(frame()).toContain('Open work orders (2)');
    expect(frame()).toContain('Reported 1 · Received 1');
    expect(frame()).not.toContain('R9');

    stub.notify({ kind: 'open', reconnected: false });
    stub.push({
      type: 1,
      event: 'alarm',
      data: {
        dtu: '86100000001',
        elevatorId: 3,
        elevatorName: 'Lift A',
        type: 1,
        floor: 7,
        alarmTime: 1_764_000_000_000,
      },
    });
    stub.push({ type: 3, event: 'status', data: { dtu: '86100000002', floor: 1 } });
    await until(() => frame().includes('Alarms (1)'), 'the alarm');
    expect(frame()).toContain('Lift A #3');
    expect(frame()).toContain('live');
    // A status frame from the offline gateway marks it online.
    await until(() => frame().includes('online 2 · offline 0'), 'the gateway online');

    // Enter on the alarm pane opens the alarm; Esc goes back.
    app.stdin.write('\r');
    await until(() => frame().includes('people trapped, floor 7'), 'the alarm detail').catch((e: Error) => {
      throw new Error(`${e.message}\n${frame()}`);
    });
    expect(frame()).toContain('Esc/Enter back');
    // the time as a date a person reads, not epoch milliseconds
    expect(frame()).toMatch(/alarmTime: 2025-11-2\d \d\d:\d\d:\d\d/);
    expect(frame()).not.toContain('1764000000000');
    app.stdin.write('\u001b');
    await until(() => frame().includes('Alarms (1)'), 'back to the panes');

    // Tab twice to the orders, down to the second, Enter: its detail from the source.
    await press('\t', 'the gateways pane');
    await press('\t', 'the orders pane');
    await press('\u001b[B', 'the second order');
    app.stdin.write('\r');
    await until(() => frame().includes('Order 8'), 'the order detail');
    expect(stub.state.detailAsked).toEqual([8]);
    expect(frame()).toContain('Allowed now: receive, cancel');

    stub.notify({ kind: 'lost', reason: 'closed', attempt: 1, of: 3, delayMs: 5000 });
    await until(() => frame().includes('reconnecting (1/3)'), 'the reconnect notice');
    // without --max-retries there is no limit: the status line says the attempt and the next wait, r tries now
    stub.notify({ kind: 'lost', reason: 'closed', attempt: 4, of: Infinity, delayMs: 40_000 });
    await until(() => frame().includes('reconnecting (attempt 4, next in 40 s, r: now)'), 'the backoff notice');
    app.stdin.write('r');
    await until(() => stub.state.retries === 1, 'r to reconnect now');

    app.stdin.write('q');
    await until(() => stub.state.closed, 'the source to be closed');
    expect(stub.state.closed).toBe(true);
    app.unmount();
  });
});

describe('dashboard without a terminal', () => {
  beforeAll(ensureBuilt);
  it('refuses and suggests -o json commands (exit 2)', async () => {
    const result = await runCli(['dashboard']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('The dashboard needs a terminal');
    expect(result.stderr).toContain('liftctl alarms tail -o jsonl');
    expect(result.stderr).toContain('liftctl work-orders list --all -o json');
    expect(result.stdout).toBe('');
  });
});

describe.skipIf(!hasTmux)('dashboard in a real terminal (tmux) against a server', () => {
  let s: TestServer;
  let token: string;
  let admin: LiftCloudClient;
  beforeAll(async () => {
    ensureBuilt();
    s = await startTestServer();
    admin = await s.login('admin');
    token = (await admin.tokens.create('dash-tmux')).token;
  });
  afterAll(async () => s?.close());
  const env = () => ({ LIFTCTL_CONFIG_DIR: tempConfigDir(), LIFTCTL_SERVER: s.baseUrl, LIFTCTL_TOKEN: token });

  it('Ctrl-C exits 130 like every other command; q exits 0', { timeout: 90_000 }, async () => {
    for (const [key, code] of [
      ['C-c', 130],
      ['q', 0],
    ] as const) {
      const term = tmuxCli(['dashboard'], env());
      try {
        await term.waitFor('Open work orders');
        await term.waitFor(/\blive\b/);
        term.keys(key);
        expect(await term.exitCode()).toBe(code);
      } finally {
        term.kill();
      }
    }
  });

  it(
    'at 80x24 shows one pane at a time with a tab line, nothing past the edge; an order is received, reached, finished (handling and fault reason typed) and confirmed with keys',
    { timeout: 120_000 },
    async () => {
      const lift = await admin.entities.elevator.save({
        name: 'Dash lift',
        factoryNo: 'DASH-80',
        elevatorType: 1,
        useStatus: 1,
      });
      const order = await admin.call(raiseWorkOrder, {
        body: { elevatorId: lift.id, repairMethod: 3, type: 1, contactPerson: 'Li Wei', contactTel: '13700000001' },
      });
      const term = tmuxCli(['dashboard'], env(), { columns: 80, rows: 24 });
      try {
        await term.waitFor(/Alarms \(0\) +Gateways \(\d+\) +Open work orders \(1\)/);
        await term.waitFor(/\blive\b/);
        keepCapture('dashboard-80x24.txt', term.screen());
        const lines = term.screen().replace(/\n+$/, '').split('\n');
        expect(lines.length).toBeLessThanOrEqual(24);
        // the one pane shown spans the width: its border ends in the last column
        expect(lines.some((l) => /^╭─+╮$/.test(l) && l.length === 80)).toBe(true);
        term.keys('Tab');
        term.keys('Tab');
        await term.waitFor(order.workOrderNo);
        term.keys('Enter');
        await term.waitFor('a receive · v arrive');
        const step = async (keys: string[], state: string) => {
          term.keys(...keys);
          await term.waitFor(`now ${state}`);
        };
        await step(['a'], 'Received');
        await step(['v'], 'On site');
        term.keys('f');
        await term.waitFor('Handling (Enter: next');
        term.keys('-l', 'Reset the door');
        await term.waitFor('Reset the door▏');
        term.keys('Enter');
        await term.waitFor('Fault reason (Enter: finish');
        term.keys('-l', 'Door lock contact');
        await term.waitFor('Door lock contact▏');
        term.keys('Enter');
        await term.waitFor('finish done');
        term.keys('c');
        await term.waitFor('confirm done');
        const kept = await admin.entities.workOrder.get(order.id);
        expect(kept).toMatchObject({ recordState: WORK_ORDER_STATE.confirmed });
        // a move not allowed now is refused with the server's message, and the view stays
        term.keys('a');
        await term.waitFor(/│ ! /);
        term.keys('q');
        expect(await term.exitCode()).toBe(0);
      } finally {
        term.kill();
      }
    },
  );

  it(
    'at 120x40 shows the three panes side by side within the window; a live alarm is listed and opened whole, its time as a date',
    { timeout: 120_000 },
    async () => {
      const gw = await provisionGateway(s, admin, '86145000120', { name: 'Harbour Mall North lift 3' });
      const mqtt = await connectGateway(s.mqttUrl, gw);
      const term = tmuxCli(['dashboard'], env(), { columns: 120, rows: 40 });
      try {
        await term.waitFor(/\blive\b/);
        await term.waitFor('Open work orders');
        await publishQos1(
          mqtt,
          upTopic(gw.dtu, 'alarm'),
          JSON.stringify({ id: 'bell-1', ts: Date.UTC(2026, 10, 27, 8, 15, 48), type: 2, floor: 7 }),
        );
        await term.waitFor('Alarms (1)');
        await term.waitFor('Harbour Mall North lift 3');
        keepCapture('dashboard-120x40.txt', term.screen());
        const lines = term.screen().replace(/\n+$/, '').split('\n');
        expect(lines.length).toBeLessThanOrEqual(40);
        expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(120);
        // three panes side by side: one line holds the three top borders, the last ending in column 120
        const tops = lines.find((l) => (l.match(/╭/g) ?? []).length === 3);
        expect(tops).toBeDefined();
        expect(tops!.trimEnd().length).toBe(120);
        // the alarm pane is 40% of the width: the alarm's line stays in it
        expect(lines.some((l) => l.includes('Harbour Mall North lift 3') && l.indexOf('│', 1) <= 48)).toBe(true);
        term.keys('Enter');
        await term.waitFor('alarm bell, floor 7');
        expect(term.screen()).toMatch(/alarmTime: 2026-11-27 \d\d:15:48/);
        expect(term.screen()).not.toContain(String(Date.UTC(2026, 10, 27, 8, 15, 48)));
        keepCapture('dashboard-120x40-alarm.txt', term.screen());
        term.keys('q');
        expect(await term.exitCode()).toBe(0);
      } finally {
        term.kill();
        mqtt.end(true);
      }
    },
  );
});

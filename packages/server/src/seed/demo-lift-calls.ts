/** The residents and visitors who call the demo lifts from the app or a hall QR code. */
const CALLERS: [string, string][] = [
  ['王芳', '13900001001'],
  ['李娜', '13900001002'],
  ['张伟', '13900001003'],
  ['刘洋', '13900001004'],
  ['陈静', '13900001005'],
  ['Guest', ''],
];

export interface CallableLift {
  tenantId: number;
  orgId: number;
  id: number;
  dtu: string;
  floors: number;
}

/**
 * A week of call-elevator records on the demo's lifts (not escalators): each caller has a home floor they ride
 * to and from the ground floor, mostly by destination call, sometimes a hall call or a car call. Drawn from a
 * generator of their own (`random`), so the rest of the demo history stays as it was.
 */
export function demoLiftCalls(lifts: CallableLift[], start: number, now: number, random: () => number) {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length) % list.length]!;
  const rows: Record<string, unknown>[] = [];
  if (!lifts.length) return rows;
  for (let n = 0; n < 60; n++) {
    const lift = pick(lifts);
    const [username, mobile] = pick(CALLERS);
    const home = 2 + ((username.charCodeAt(0) + lift.id) % Math.max(1, lift.floors - 1));
    const up = random() < 0.5;
    const roll = random();
    const operationType = roll < 0.6 ? 3 : roll < 0.85 ? 1 : 2;
    const time = start + Math.floor(random() * (now - start));
    rows.push({
      tenantId: lift.tenantId,
      orgId: lift.orgId,
      elevatorId: lift.id,
      dtuCode: lift.dtu,
      msgId: `demo-lift-call-${n}`,
      callTime: time,
      username,
      mobile: mobile || null,
      // a hall call says where the caller waits, a car call where they go, a destination call both
      startFloor: operationType === 2 ? null : up ? 1 : home,
      endFloor: operationType === 1 ? null : up ? home : 1,
      operationType,
      createTime: time,
      updateTime: time,
    });
  }
  return rows;
}

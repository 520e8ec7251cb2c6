import type { MeterMessage } from '@liftcloud/client';
import type { GatewayRecord } from './event-records.js';
import type { Trx } from './batch-records.js';

/**
 * A meter reading becomes a meterReadings row (false when the message was stored before: same DTU and id), and
 * the meter gateway registered with that code in the tenant is marked online with its last report time.
 */
export async function storeMeterReading(trx: Trx, record: GatewayRecord, m: MeterMessage): Promise<boolean> {
  const inserted = await trx
    .insertInto('meterReadings')
    .values({
      ...record,
      gwSn: m.gwSn,
      dbNo: m.dbNo ?? null,
      kwh: m.kwh,
      voltage: m.voltage ?? null,
      current: m.current ?? null,
      power: m.power ?? null,
      readTime: m.ts,
    })
    .onConflict((oc) => oc.columns(['dtuCode', 'msgId']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return false;
  await trx
    .updateTable('meterGateways')
    .set({ online: 1, lastReportTime: m.ts, updateTime: Number(record.updateTime) })
    .where('tenantId', '=', record.tenantId as number)
    .where('code', '=', m.gwSn)
    .where((eb) => eb.or([eb('lastReportTime', 'is', null), eb('lastReportTime', '<', m.ts)]))
    .execute();
  return true;
}

import type { Kysely } from 'kysely';
import type { LooseDB } from '../../store/repository.js';
import type { MigrationContext } from './helpers.js';
import { withId, withTenant, withTimes } from './helpers.js';

const PAGE = 500;

/**
 * Call records (index 38) and safety hazards (index 821) get tables of their own, keyed like the other
 * gateway records by (dtu, message id). Calls stored so far as event records move to the call table, and
 * faults that carried a hazard code become hazard records, so both lists start complete.
 */
export async function up({ db, dialect }: MigrationContext): Promise<void> {
  const fromGateway = (name: string) =>
    withTenant(withTimes(withId(db.schema.createTable(name), dialect)))
      .addColumn('orgId', 'integer')
      .addColumn('elevatorId', 'integer', (c) => c.notNull())
      .addColumn('dtuCode', 'varchar(11)', (c) => c.notNull())
      .addColumn('msgId', 'varchar(64)', (c) => c.notNull())
      .addUniqueConstraint(`${name}_message`, ['dtuCode', 'msgId']);

  await fromGateway('callRecords')
    .addColumn('callTime', 'bigint', (c) => c.notNull())
    .addColumn('durationSeconds', 'integer')
    .addColumn('originator', 'varchar(50)')
    .addColumn('connector', 'varchar(50)')
    .addColumn('phone', 'varchar(20)')
    .addColumn('audio', 'varchar(500)')
    .execute();

  await fromGateway('hazardRecords')
    .addColumn('hazardTime', 'bigint', (c) => c.notNull())
    .addColumn('code', 'varchar(16)', (c) => c.notNull())
    .addColumn('description', 'varchar(500)')
    .addColumn('faultRecordId', 'integer')
    .addColumn('faultNo', 'varchar(16)')
    .execute();

  for (const name of ['callRecords', 'hazardRecords']) {
    await db.schema.createIndex(`${name}TenantId`).on(name).columns(['tenantId', 'id']).execute();
    await db.schema.createIndex(`${name}TenantOrg`).on(name).columns(['tenantId', 'orgId']).execute();
    await db.schema.createIndex(`${name}Elevator`).on(name).column('elevatorId').execute();
  }

  const loose = db as unknown as Kysely<LooseDB>;
  await moveCallEvents(loose);
  await loose
    .insertInto('hazardRecords')
    .columns([
      'tenantId',
      'orgId',
      'elevatorId',
      'dtuCode',
      'msgId',
      'hazardTime',
      'code',
      'faultRecordId',
      'faultNo',
      'createTime',
      'updateTime',
    ])
    .expression(
      loose
        .selectFrom('faultRecords')
        .select([
          'tenantId',
          'orgId',
          'elevatorId',
          'dtuCode',
          'msgId',
          'faultTime',
          'hazardCode',
          'id',
          'faultNo',
          'createTime',
          'updateTime',
        ])
        .where('hazardCode', 'is not', null)
        .where('hazardCode', '!=', ''),
    )
    .execute();
}

/** Event records of kind call, their details parsed from the JSON the ingest kept, page by page. */
async function moveCallEvents(db: Kysely<LooseDB>): Promise<void> {
  for (let after = 0; ;) {
    const rows = await db
      .selectFrom('eventRecords')
      .selectAll()
      .where('kind', '=', 'call')
      .where('id', '>', after)
      .orderBy('id')
      .limit(PAGE)
      .execute();
    if (!rows.length) break;
    after = Number(rows[rows.length - 1]!.id);
    await db
      .insertInto('callRecords')
      .values(
        rows.map((r) => {
          const detail = parseDetail(r.detail);
          const text = (v: unknown, max: number) => (typeof v === 'string' ? v.slice(0, max) : null);
          return {
            tenantId: r.tenantId,
            orgId: r.orgId,
            elevatorId: r.elevatorId,
            dtuCode: r.dtuCode,
            msgId: r.msgId,
            callTime: r.eventTime,
            durationSeconds: Number.isInteger(detail.durationSeconds) ? detail.durationSeconds : null,
            originator: text(detail.originator, 50),
            connector: text(detail.connector, 50),
            phone: text(detail.phone, 20),
            audio: text(detail.audio, 500),
            createTime: r.createTime,
            updateTime: r.updateTime,
          };
        }),
      )
      .execute();
  }
  await db.deleteFrom('eventRecords').where('kind', '=', 'call').execute();
}

function parseDetail(detail: unknown): Record<string, unknown> {
  try {
    const v: unknown = typeof detail === 'string' ? JSON.parse(detail) : null;
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

import { sql } from 'kysely';
import type { MigrationContext } from './helpers.js';

/**
 * Fields domain.md names that the store lacked (issue 20): an elevator's access status and moving-walk speed,
 * length, angle and width; a gateway's intercom filter and whether it is in a call; a fault's type, its floor
 * and the floor its display shows (from the lift's floor mapping); a run's start and end floors, distance,
 * maximum speed, acceleration and jerk as columns, filled from the detail of the runs stored before.
 */
export async function up({ db, dialect }: MigrationContext): Promise<void> {
  const add = async (table: string, columns: [string, 'integer' | 'double precision' | `varchar(${number})`][]) => {
    for (const [column, type] of columns) await db.schema.alterTable(table).addColumn(column, type).execute();
  };
  await add('elevators', [
    ['accessStatus', 'integer'],
    ['movingWalkSpeed', 'double precision'],
    ['movingWalkLength', 'double precision'],
    ['movingWalkAngle', 'double precision'],
    ['movingWalkWidth', 'double precision'],
  ]);
  await add('gatewayDevices', [['intercomFilter', 'integer']]);
  await db.schema
    .alterTable('gatewayDevices')
    .addColumn('inCall', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await add('faultRecords', [
    ['faultType', 'varchar(20)'],
    ['faultFloor', 'integer'],
    ['displayFaultFloor', 'varchar(10)'],
  ]);
  const run: [string, 'integer' | 'double precision'][] = [
    ['startFloor', 'integer'],
    ['endFloor', 'integer'],
    ['distance', 'double precision'],
    ['maxSpeed', 'double precision'],
    ['acceleration', 'double precision'],
    ['jerk', 'double precision'],
  ];
  await add('eventRecords', run);
  // the runs stored so far keep these in their detail (the gateway's JSON): one UPDATE reads them out
  const value = (name: string, type: 'integer' | 'double precision') =>
    dialect === 'postgres'
      ? sql.raw(`case when detail ~ '^\\s*\\{' then (detail::json->>'${name}')::${type} end`)
      : sql.raw(`case when json_valid(detail) then json_extract(detail, '$.${name}') end`);
  const set = Object.fromEntries(run.map(([name, type]) => [name, value(name, type)]));
  await (db as unknown as import('kysely').Kysely<Record<string, Record<string, unknown>>>)
    .updateTable('eventRecords')
    .set(set)
    .where('kind', '=', 'run')
    .execute();
}

import Type, { type Static, type TSchema } from 'typebox';
import { named } from './components.js';
import { defineOperation } from './define.js';

const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const dateTime = nullable(Type.String({ description: 'yyyy-MM-dd HH:mm:ss in the caller’s time zone' }));

/**
 * A background job of the server: its schedule and its lease row: who runs it now and until when, how its last
 * run went, and when it is next due (docs/architecture.md, "How a job flows").
 */
export const JobState = named(
  'JobState',
  Type.Object({
    name: Type.String(),
    /** "every 10 s", "daily 02:00 Asia/Shanghai". */
    schedule: Type.String(),
    /** The server instance running it now (or that died running it, until its lease lapses). */
    leaseOwner: nullable(Type.String()),
    leaseUntil: dateTime,
    lastStart: dateTime,
    lastEnd: dateTime,
    lastOutcome: nullable(Type.String({ enum: ['ok', 'failed', 'interrupted'] })),
    lastError: nullable(Type.String()),
    /** Failed runs in a row; a failed job is retried before its next regular time, backing off. */
    failures: Type.Integer({ minimum: 0 }),
    nextDue: dateTime,
  }),
);
export type JobState = Static<typeof JobState>;

/** GET jobs (super admin: the jobs are the platform's, not a tenant's). Read-only. */
export const listJobs = defineOperation({
  operationId: 'listJobs',
  method: 'GET',
  path: 'jobs',
  permission: 'superAdmin',
  tags: ['job'],
  summary: 'Background jobs: schedule, who runs each now, how the last run went, when it is next due',
  response: Type.Array(JobState),
});

import Type, { type Static, type TSchema } from 'typebox';
import type { HttpClient } from '../http/client.js';

const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
/** "yyyy-MM-dd HH:mm:ss" in the caller's time zone, as every date-time of the API. */
const dateTime = nullable(Type.String());

/**
 * A background job of the server as GET jobs answers it (super admin): its schedule and its lease row: who
 * runs it now and until when, how its last run went, and when it is next due.
 */
export const JobState = Type.Object({
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
  /** Failed runs in a row; a failed job is retried sooner than its next regular time, backing off. */
  failures: Type.Integer({ minimum: 0 }),
  nextDue: dateTime,
});
export type JobState = Static<typeof JobState>;
export const JobStateList = Type.Array(JobState);

/** The server's background jobs, read-only (super admin). */
export function jobCalls(http: HttpClient) {
  return {
    list: () => http.get<JobState[]>('jobs'),
  };
}

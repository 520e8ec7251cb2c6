import { OTA_APPROVAL, approveOtaApplication, rejectOtaApplication, type LiftCloudClient } from '@liftcloud/client';
import { t } from '../i18n/index.js';
import { openLiveChannel, type ReconnectPolicy } from '../live/channel.js';
import type { LiveSession } from '../live/session.js';
import type { PendingApplication, ReviewSource } from './ReviewQueue.js';

type Row = Record<string, unknown>;
const text = (v: unknown) => (v === null || v === undefined ? null : String(v));

/**
 * The review queue's data from the server: pending applications and their programs, live `ota` frames to reload.
 * `call` runs each request the way the command does (liftctl's error handling, a new login when one lapsed).
 */
export function reviewSource(
  call: <T>(request: () => Promise<T>) => Promise<T>,
  client: LiftCloudClient,
  session: LiveSession,
  reconnect: ReconnectPolicy,
): ReviewSource {
  const all = async (path: string, query: Record<string, unknown> = {}) => {
    const rows: Row[] = [];
    for await (const row of client.crud<Row>(path).all(query as never)) rows.push(row);
    return rows;
  };
  return {
    pending: async () => {
      const [apps, programs] = await call(() =>
        Promise.all([all('otaApplications', { approvalStatus: OTA_APPROVAL.applying }), all('otaPrograms')]),
      );
      const remaining = new Map(programs.map((p) => [Number(p.id), Number(p.remainingNumber)]));
      // oldest first: a queue is worked from its head
      apps.sort((a, b) => Number(a.id) - Number(b.id));
      return apps.map((a): PendingApplication => ({
        id: Number(a.id),
        programId: Number(a.programId),
        programName: text(a.programName),
        applyNumber: Number(a.applyNumber),
        remainingNumber: remaining.get(Number(a.programId)) ?? null,
        applicantAccount: text(a.applicantAccount),
        applicantName: text(a.applicantName),
        companyName: text(a.companyName),
        applicationTime: text(a.applicationTime),
      }));
    },
    approve: async (id) => {
      await call(() => client.call(approveOtaApplication, { params: { id }, body: {} }));
    },
    reject: async (id, reason) => {
      await call(() => client.call(rejectOtaApplication, { params: { id }, body: { reason } }));
    },
    subscribe: (onChange) =>
      openLiveChannel({
        ...session,
        reconnect,
        onFrame: (frame) => {
          if (frame.event === 'ota') onChange();
        },
        onNotice: () => undefined,
      }),
    text: {
      title: t('ota.queue.title'),
      empty: t('ota.queue.empty'),
      loading: t('ota.queue.loading'),
      keys: t('ota.queue.keys'),
      reasonKeys: t('ota.queue.reasonKeys'),
      reasonPrompt: (id) => t('ota.queue.reasonPrompt', { id }),
      reasonRequired: t('ota.queue.reasonRequired'),
      approved: (id) => t('ota.queue.approved', { id }),
      rejected: (id) => t('ota.queue.rejected', { id }),
      failed: (id, reason) => t('ota.queue.failed', { id, reason }),
      arrived: (count) => t('ota.queue.arrived', { count }),
      program: t('ota.queue.program'),
      count: t('ota.queue.count'),
      remaining: t('ota.queue.remaining'),
      applicant: t('ota.queue.applicant'),
      company: t('ota.queue.company'),
      time: t('ota.queue.time'),
    },
  };
}

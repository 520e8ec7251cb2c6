import type { NotificationSender } from '../services/notifications.js';
import type { Job } from './job.js';

export const MESSAGE_SENDS_JOB = 'message-sends';

/**
 * Sends the notification SMS and e-mails that are due, and retries the failed ones when their backoff has passed
 * (services/notifications.ts): one instance at a time through the lease, every two seconds.
 */
export function messageSendsJob(sender: NotificationSender, everyMs = 2_000): Job {
  return {
    name: MESSAGE_SENDS_JOB,
    schedule: { everyMs },
    leaseMs: 60_000,
    retryMs: 5_000,
    async run({ now, signal }) {
      await sender.sendDue(now, signal);
    },
  };
}

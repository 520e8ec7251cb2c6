import type { WebhookSender } from '../services/webhooks.js';
import type { Job } from './job.js';

export const WEBHOOK_DELIVERIES_JOB = 'webhook-deliveries';

/** How often a timer run that holds the lease reads an empty queue again (an alarm's wait before it is sent). */
export const WEBHOOK_IDLE_POLL_MS = 100;

/** How long a holder keeps the job's lease without renewing it: a killed holder's deliveries wait this long. */
export const WEBHOOK_DELIVERIES_LEASE_MS = 60_000;

/**
 * Sends the webhook deliveries that are due (services/webhooks.ts): one instance at a time through the lease,
 * every second; a timer run keeps the queue read every WEBHOOK_IDLE_POLL_MS for its budget, so a delivery is sent
 * within a poll of its commit, not a period. A run that dies mid-way leaves its deliveries pending and the next
 * holder sends them (at least once; receivers tell repeats by webhook-id).
 */
export function webhookDeliveriesJob(sender: WebhookSender, everyMs = 1_000): Job {
  return {
    name: WEBHOOK_DELIVERIES_JOB,
    schedule: { everyMs },
    leaseMs: WEBHOOK_DELIVERIES_LEASE_MS,
    retryMs: 5_000,
    async run({ now, signal, scheduled }) {
      await sender.deliverDue(now, signal, { idlePollMs: scheduled ? WEBHOOK_IDLE_POLL_MS : 0 });
    },
  };
}

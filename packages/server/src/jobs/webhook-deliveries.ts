import type { WebhookSender } from '../services/webhooks.js';
import type { Job } from './job.js';

export const WEBHOOK_DELIVERIES_JOB = 'webhook-deliveries';

/**
 * Sends the webhook deliveries that are due (services/webhooks.ts): one instance at a time through the lease,
 * every second; a run that dies mid-way leaves its deliveries pending and the next holder sends them (at least
 * once; receivers tell repeats by webhook-id).
 */
export function webhookDeliveriesJob(sender: WebhookSender, everyMs = 1_000): Job {
  return {
    name: WEBHOOK_DELIVERIES_JOB,
    schedule: { everyMs },
    leaseMs: 60_000,
    retryMs: 5_000,
    async run({ now, signal }) {
      await sender.deliverDue(now, signal);
    },
  };
}

import type { FastifyInstance } from 'fastify';
import { openApiSweepJob } from '../../jobs/open-api-sweep.js';
import { developerSecretBox } from '../../services/developers.js';
import type { AreaDeps } from '../area.js';
import { registerOpenApi } from './open-api.js';
import { registerDeveloperSecrets } from './secrets.js';
import { registerWebhookRoutes } from './webhooks.js';
import { registerMessageSend } from './messages.js';
import { webhookDeliveriesJob } from '../../jobs/webhook-deliveries.js';
import { webhookRetentionJob } from '../../jobs/webhook-retention.js';
import { WebhookSender } from '../../services/webhooks.js';
import { messageSendsJob } from '../../jobs/message-sends.js';
import { smtpMailer } from '../../services/mail.js';
import { NotificationSender } from '../../services/notifications.js';

/** Developer integrations (issue 16): developer secrets, the signed open API, webhook deliveries and notifications. */
export async function registerDevelopers(app: FastifyInstance, deps: AreaDeps): Promise<void> {
  const box = await developerSecretBox(deps.store, {
    key: deps.options.developers?.secretKey,
    keyFile: deps.options.developers?.secretKeyFile,
  });
  registerDeveloperSecrets(app, deps, box);
  registerOpenApi(app, deps, box, { ratePerMinute: deps.options.developers?.openApiRatePerMinute });
  deps.jobs.add(openApiSweepJob({ db: deps.store.db }));
  registerWebhookRoutes(app, deps);
  const sender = new WebhookSender(deps.store.db, box, deps.options.webhooks?.targets ?? 'public');
  deps.jobs.add(webhookDeliveriesJob(sender));
  deps.jobs.add(webhookRetentionJob({ db: deps.store.db }));
  // notifications: SMS through the provider, e-mail over SMTP when one is configured (SMTP_URL)
  const n = deps.options.notifications;
  const smtp = n?.smtp ? smtpMailer(n.smtp) : null;
  if (smtp) app.addHook('onClose', async () => smtp.close());
  const notifier = new NotificationSender(deps.store.db, deps.sms, n?.mail ?? smtp, app.log, n?.language);
  deps.jobs.add(messageSendsJob(notifier));
  registerMessageSend(app, deps);
}

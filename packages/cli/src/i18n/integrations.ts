/** Messages of the developer commands (`liftctl developer rotate-secret|close`), in the three languages. */
export const integrationsEnUS = {
  'cmd.developer.rotate': "Issue or rotate a developer's app secret (printed once, on stdout)",
  'cmd.developer.close': 'Close a developer account: its signed requests are refused from now on',
  'opt.overlap': 'hours the previous secret keeps working (0 to 168, default 24)',
  'developer.secretShown': 'App key {appKey}: the secret above is shown once; store it now.',
  'developer.previousUntil': 'The previous secret works until {time}.',
  'developer.closed': 'Developer {id} closed.',
  'developer.badOverlap': '{value}: give whole hours from 0 to 168',
  'cmd.webhook': 'Webhook deliveries to developers: the log and redelivery',
  'cmd.webhook.deliveries': 'List webhook deliveries, newest first',
  'cmd.webhook.redeliver': 'Send deliveries again now (same webhook-id; prints each new delivery id)',
  'opt.webhookFailed': 'only deliveries whose retries were given up',
  'opt.webhookSince': 'events since: a span back (90m, 24h, 7d) or a date-time (yyyy-MM-dd HH:mm:ss)',
  'opt.webhookDeveloper': "only this developer's deliveries",
  'webhook.badSince': '{value}: give a span (90m, 24h, 7d) or a date-time (yyyy-MM-dd HH:mm:ss)',
  'webhook.redelivered': 'Delivery {id} queued again as {newId}.',
} as const;

export type IntegrationsKey = keyof typeof integrationsEnUS;

export const integrationsZhCN: Record<IntegrationsKey, string> = {
  'cmd.developer.rotate': '签发或轮换开发者的 AppSecret（只在标准输出打印一次）',
  'cmd.developer.close': '关闭开发者账号：此后其签名请求一律拒绝',
  'opt.overlap': '旧密钥继续有效的小时数（0 到 168，默认 24）',
  'developer.secretShown': 'AppKey {appKey}：上面的密钥只显示一次，请立即保存。',
  'developer.previousUntil': '旧密钥有效至 {time}。',
  'developer.closed': '开发者 {id} 已关闭。',
  'developer.badOverlap': '{value}：请给出 0 到 168 的整数小时',
  'cmd.webhook': '开发者推送：推送记录与重新推送',
  'cmd.webhook.deliveries': '列出推送记录，最新的在前',
  'cmd.webhook.redeliver': '立即重新推送（同一 webhook-id；打印每条新推送的编号）',
  'opt.webhookFailed': '只列出已放弃重试的推送',
  'opt.webhookSince': '事件起始：向前的时长（90m、24h、7d）或时间（yyyy-MM-dd HH:mm:ss）',
  'opt.webhookDeveloper': '只列出此开发者的推送',
  'webhook.badSince': '{value}：请给出时长（90m、24h、7d）或时间（yyyy-MM-dd HH:mm:ss）',
  'webhook.redelivered': '推送 {id} 已重新排队，新编号 {newId}。',
};

export const integrationsItItaly: Record<IntegrationsKey, string> = {
  'cmd.developer.rotate': "Emettere o ruotare l'app secret di uno sviluppatore (stampato una volta, su stdout)",
  'cmd.developer.close': 'Chiudere un account sviluppatore: le sue richieste firmate sono rifiutate da ora',
  'opt.overlap': 'ore in cui il segreto precedente resta valido (da 0 a 168, predefinito 24)',
  'developer.secretShown': 'App key {appKey}: il segreto sopra è mostrato una sola volta; salvarlo ora.',
  'developer.previousUntil': 'Il segreto precedente vale fino a {time}.',
  'developer.closed': 'Sviluppatore {id} chiuso.',
  'developer.badOverlap': '{value}: indicare ore intere da 0 a 168',
  'cmd.webhook': 'Consegne webhook agli sviluppatori: registro e riconsegna',
  'cmd.webhook.deliveries': 'Elencare le consegne webhook, le più recenti prima',
  'cmd.webhook.redeliver': 'Inviare di nuovo le consegne ora (stesso webhook-id; stampa ogni nuovo id)',
  'opt.webhookFailed': 'solo le consegne i cui tentativi sono stati abbandonati',
  'opt.webhookSince': 'eventi da: un intervallo indietro (90m, 24h, 7d) o una data-ora (yyyy-MM-dd HH:mm:ss)',
  'opt.webhookDeveloper': 'solo le consegne di questo sviluppatore',
  'webhook.badSince': '{value}: indicare un intervallo (90m, 24h, 7d) o una data-ora (yyyy-MM-dd HH:mm:ss)',
  'webhook.redelivered': 'Consegna {id} rimessa in coda come {newId}.',
};

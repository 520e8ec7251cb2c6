/** Messages of the developer commands (`liftctl developer rotate-secret|close`), in the three languages. */
export const integrationsEnUS = {
  'cmd.developer.rotate': "Issue or rotate a developer's app secret (printed once, on stdout)",
  'cmd.developer.close': 'Close a developer account: its signed requests are refused from now on',
  'opt.overlap': 'hours the previous secret keeps working (0 to 168, default 24)',
  'developer.secretShown': 'App key {appKey}: the secret above is shown once; store it now.',
  'developer.previousUntil': 'The previous secret works until {time}.',
  'developer.closed': 'Developer {id} closed.',
  'developer.badOverlap': '{value}: give whole hours from 0 to 168',
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
};

export const integrationsItItaly: Record<IntegrationsKey, string> = {
  'cmd.developer.rotate': "Emettere o ruotare l'app secret di uno sviluppatore (stampato una volta, su stdout)",
  'cmd.developer.close': 'Chiudere un account sviluppatore: le sue richieste firmate sono rifiutate da ora',
  'opt.overlap': 'ore in cui il segreto precedente resta valido (da 0 a 168, predefinito 24)',
  'developer.secretShown': 'App key {appKey}: il segreto sopra è mostrato una sola volta; salvarlo ora.',
  'developer.previousUntil': 'Il segreto precedente vale fino a {time}.',
  'developer.closed': 'Sviluppatore {id} chiuso.',
  'developer.badOverlap': '{value}: indicare ore intere da 0 a 168',
};

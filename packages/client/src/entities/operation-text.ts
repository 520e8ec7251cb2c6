import type { Language, Localized } from '../i18n/languages.js';
import { L } from '../schema/fields.js';
import { WORK_ORDER_ACTION_LABELS } from '../workflow/labels.js';
import { ENTITIES } from './index.js';

/** Moves other than the work order's (whose labels the timeline uses too). */
const ACTION_LABELS: Record<string, Localized> = {
  ...WORK_ORDER_ACTION_LABELS,
  import: L('导入', 'imported', 'importato'),
  void: L('作废', 'voided', 'annullato'),
  invalidate: L('作废', 'invalidated', 'invalidato'),
  send: L('发送', 'sent', 'inviato'),
  raise: L('人工报修', 'raised by hand', 'aperto a mano'),
  attachments: L('上传附件', 'attachment uploaded', 'allegato caricato'),
  password: L('修改密码', 'password changed', 'password cambiata'),
  evaluate: L('评价', 'evaluated', 'valutato'),
  signIn: L('签到', 'signed in', 'registrato'),
  complete: L('完成', 'completed', 'completato'),
  credentials: L('生成接入密钥', 'credentials issued', 'credenziali rilasciate'),
  bind: L('绑定', 'bound', 'collegato'),
  unbind: L('解绑', 'unbound', 'scollegato'),
  lock: L('锁定', 'locked', 'bloccato'),
  unlock: L('解锁', 'unlocked', 'sbloccato'),
  resetPassword: L('重置密码', 'password reset', 'password reimpostata'),
  roles: L('分配角色', 'roles assigned', 'ruoli assegnati'),
};

const SENTENCES = {
  create: L('{user} 新增了{entity}{ref}', '{user} added {entity}{ref}', '{user} ha aggiunto {entity}{ref}'),
  update: L('{user} 修改了{entity}{ref}', '{user} changed {entity}{ref}', '{user} ha modificato {entity}{ref}'),
  delete: L('{user} 删除了{entity}{ref}', '{user} deleted {entity}{ref}', '{user} ha eliminato {entity}{ref}'),
  action: L(
    '{user}：{action}（{entity}{ref}）',
    '{user}: {action} ({entity}{ref})',
    '{user}: {action} ({entity}{ref})',
  ),
};

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? '');

/**
 * An operation log entry as a sentence in the reader's language ("admin: Received (Repair work order #20)")
 * from what the server stored: the method, the path called, and the record's id and name it noted. A path
 * that names no entity this version knows reads as the stored summary.
 */
export function operationText(value: unknown, language: Language, record?: Record<string, unknown>): string {
  const stored = value === null || value === undefined ? '' : String(value);
  if (!record) return stored;
  const method = String(record.method ?? '').toUpperCase();
  const parts = String(record.path ?? '')
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean);
  const def = Object.values(ENTITIES).find((e) => e.path === parts[0]);
  if (!def) return stored;
  const name = /"([^"]*)"/.exec(stored)?.[1];
  const id = parts[1] !== undefined && /^\d+$/.test(parts[1]) ? parts[1] : undefined;
  const ref = name ? ` ${name}` : id ? ` #${id}` : '';
  const values = { user: String(record.userName ?? ''), entity: def.label[language], ref };
  const action = id ? parts[2] : parts[1];
  if (action) {
    const label = ACTION_LABELS[action]?.[language] ?? action;
    return fill(SENTENCES.action[language], { ...values, action: label });
  }
  if (method === 'DELETE') return fill(SENTENCES.delete[language], values);
  if (method === 'POST' && !id) return fill(SENTENCES.create[language], values);
  return fill(SENTENCES.update[language], values);
}

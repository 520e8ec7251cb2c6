import type { Language } from '../i18n/languages.js';
import { L } from '../schema/fields.js';

/**
 * What a person reads for a tracking step's action and a person's role on an order, in each language: the
 * timeline and people of a work order show these, never the keys (report, receive, repair…).
 */
export const WORK_ORDER_ACTION_LABELS = {
  report: L('报警上报', 'Alarm reported', 'Allarme segnalato'),
  secondAlarm: L('二次报警', 'Second alarm', 'Secondo allarme'),
  receive: L('接单', 'Received', 'Ricevuto'),
  arrive: L('到达现场', 'Arrived on site', 'Arrivato sul posto'),
  finish: L('完成维修', 'Repair finished', 'Riparazione completata'),
  confirm: L('确认', 'Confirmed', 'Confermato'),
  cancel: L('撤销', 'Cancelled', 'Annullato'),
  recover: L('电梯自动恢复', 'Elevator recovered by itself', 'Ascensore ripristinato da solo'),
  autoConfirm: L('超时自动确认', 'Confirmed automatically', 'Confermato automaticamente'),
  pause: L('暂停', 'Paused', 'Sospeso'),
  resume: L('恢复处理', 'Resumed', 'Ripreso'),
} as const;

export const WORK_ORDER_ROLE_LABELS = {
  repair: L('维修人员', 'Repair person', 'Riparatore'),
  service: L('服务人员', 'Service person', 'Addetto al servizio'),
} as const;

const labelIn = (labels: Record<string, Record<Language, string>>, key: string, language: Language): string =>
  labels[key]?.[language] ?? key;

/** A tracking step's action as a person reads it (an unknown key shows as itself). */
export const workOrderActionLabel = (action: string, language: Language): string =>
  labelIn(WORK_ORDER_ACTION_LABELS, action, language);

/** A person's role on an order as a person reads it. */
export const workOrderRoleLabel = (role: string, language: Language): string =>
  labelIn(WORK_ORDER_ROLE_LABELS, role, language);

/** A maintenance order's timeline action (workflow/maintenanceOrder.ts MAINTENANCE_TRANSITIONS) as a person reads it. */
export const MAINTENANCE_ACTION_LABELS = {
  create: L('创建', 'Created', 'Creato'),
  generate: L('按计划生成', 'Generated from the plan', 'Generato dal piano'),
  send: L('派单', 'Sent', 'Inviato'),
  autoSend: L('自动派单', 'Sent automatically', 'Inviato automaticamente'),
  expire: L('超时未接单', 'Not accepted in time', 'Non accettato in tempo'),
  accept: L('接单', 'Accepted', 'Accettato'),
  signIn: L('签到', 'Signed in at the lift', "Registrato all'impianto"),
  record: L('记录维保项', 'Item recorded', 'Voce registrata'),
  complete: L('完成维保', 'Maintenance completed', 'Manutenzione completata'),
  confirm: L('确认', 'Confirmed', 'Confermato'),
  invalidate: L('作废', 'Invalidated', 'Invalidato'),
} as const;

/** A maintenance order's timeline action as a person reads it (an unknown key shows as itself). */
export const maintenanceActionLabel = (action: string, language: Language): string =>
  labelIn(MAINTENANCE_ACTION_LABELS, action, language);

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

import { PERMISSION } from '../permissions.js';
import { signInMethod } from '../enums.js';
import { maintenanceSettingsRules } from '../rules/maintenance.js';
import { timeOfDay } from '../rules/formats.js';
import { defineEntity } from '../schema/entity.js';
import { L, bool, enumOf, int, num, ref, refName, required, text } from '../schema/fields.js';

/**
 * A maintenance company's settings (tab "settings" of /maintenanceSetting, index 328), one row per company:
 * when generated orders are sent, the longest interval a plan may leave, the sign-in distance, and what every
 * item of an order needs beside its condition (docs/decisions.md, "Maintenance").
 */
export const maintenanceSetting = defineEntity({
  name: 'maintenanceSetting',
  label: L('维保设置', 'Maintenance settings', 'Impostazioni manutenzione'),
  path: 'maintenanceSettings',
  permission: {
    read: [PERMISSION.maintenanceCompanySettings, PERMISSION.maintenanceOrders],
    write: PERMISSION.maintenanceCompanySettings,
  },
  nameField: 'companyName',
  fields: {
    companyId: required(ref(L('维保单位', 'Maintenance company', 'Azienda di manutenzione'), 'company')),
    companyName: refName(L('维保单位名称', 'Company name', 'Nome azienda'), 'companyId'),
    /** Bounds are the rule's (rule.autoSendDay), so its message is the one shown. */
    autoSendDay: required(int(L('自动发送天数', 'Auto-send day', 'Giorno di invio automatico'))),
    cycle: required(int(L('维保周期(天)', 'Maintenance cycle (days)', 'Ciclo di manutenzione (giorni)'))),
    distance: required(num(L('签到距离(米)', 'Sign-in distance (m)', 'Distanza di registrazione (m)'))),
    autoGenerate: bool(L('自动生成工单', 'Auto-generate orders', 'Generazione automatica')),
    initialTime: text(L('初始时间', 'Initial time', 'Ora iniziale'), { max: 5, rule: timeOfDay }),
    signInMethod: required(enumOf(L('签到方式', 'Sign-in method', 'Metodo di registrazione'), signInMethod)),
    photoRequired: bool(L('每项需要照片', 'Photo per item', 'Foto per voce')),
    recordingRequired: bool(L('每项需要录音', 'Recording per item', 'Registrazione per voce')),
    textRequired: bool(L('每项需要文字', 'Text per item', 'Testo per voce')),
  },
  filters: { companyId: 'eq' },
  unique: ['companyId'],
  refine: (input) =>
    maintenanceSettingsRules({ autoSendDay: input.autoSendDay, cycle: input.cycle, distance: input.distance }),
});

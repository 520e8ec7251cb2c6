import { L } from '@liftcloud/client';

/** The OTA pages' own words (buttons and titles); field labels come from the entity definitions. */
export const OTA_TEXT = {
  upload: L('上传程序文件', 'Upload firmware', 'Carica firmware'),
  apply: L('申请', 'Apply', 'Richiedi'),
  applyTitle: L('申请烧录次数', 'Apply for burns', 'Richiedi programmazioni'),
  approve: L('通过', 'Approve', 'Approva'),
  reject: L('驳回', 'Reject', 'Respingi'),
  approveTitle: L('通过申请', 'Approve the application', 'Approva la richiesta'),
  endHint: L(
    '到期后不能再用此额度开始烧录，未用的次数不退回程序。',
    'After this time no burn can start against this quota; unused burns do not return to the program.',
    'Dopo questa data nessuna programmazione può iniziare con questa quota; quelle non usate non tornano al programma.',
  ),
  rejectTitle: L('驳回申请', 'Reject the application', 'Respingi la richiesta'),
  burn: L('开始烧录', 'Start burning', 'Avvia programmazione'),
  program: L('OTA程序', 'OTA program', 'Programma OTA'),
  dtus: L('网关DTU编号（可多个）', 'Gateway DTU numbers (one or many)', 'Numeri DTU dei gateway (uno o più)'),
  offlineWait: L(
    '网关离线：连接后开始烧录（最长等待24小时）',
    'Gateway offline: the burn starts when it connects (waits up to 24 h)',
    'Gateway offline: la programmazione parte quando si connette (attende fino a 24 h)',
  ),
  applied: L('收到OTA申请', 'New OTA application', 'Nuova richiesta OTA'),
  approved: L('OTA申请已通过', 'OTA application approved', 'Richiesta OTA approvata'),
  rejected: L('OTA申请被驳回', 'OTA application rejected', 'Richiesta OTA respinta'),
};

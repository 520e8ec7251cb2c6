import { otaApprovalStatus, otaBurnState, otaProgramState } from '../enums.js';
import { PERMISSION } from '../permissions.js';
import { defineEntity } from '../schema/entity.js';
import { L, bool, datetime, derived, enumOf, int, readOnly, ref, refName, required, text } from '../schema/fields.js';

const count = (zh: string, en: string, it: string) => readOnly(int(L(zh, en, it), { min: 0 }));

/**
 * An OTA program (domain.md §3 OTA): one firmware version a company owns and licenses for `count` burns. The
 * firmware file is uploaded once (uploadOtaProgramFile) and kept with its SHA-256 and MD5; a new file is a new
 * program, never an overwrite (docs/decisions.md "OTA"). applyNumber is what approvals granted, remainingNumber
 * what is left to grant, burningTimes the gateways burned with it. Index 870.
 */
export const otaProgram = defineEntity({
  name: 'otaProgram',
  label: L('OTA程序', 'OTA program', 'Programma OTA'),
  path: 'otaPrograms',
  permission: { read: PERMISSION.otaPrograms, write: PERMISSION.otaPrograms },
  nameField: 'programName',
  fields: {
    programName: required(text(L('程序名称', 'Program name', 'Nome programma'), { max: 100 })),
    version: required(text(L('版本', 'Version', 'Versione'), { max: 30 })),
    count: required(int(L('数量', 'Count', 'Quantità'), { min: 1, max: 1_000_000 })),
    applyNumber: count('已申请数量', 'Applied count', 'Quantità richiesta'),
    remainingNumber: count('剩余数量', 'Remaining count', 'Quantità residua'),
    burningTimes: count('烧录次数', 'Burning times', 'Programmazioni'),
    note: text(L('备注', 'Note', 'Nota'), { max: 500 }),
    isEffective: required(enumOf(L('状态', 'State', 'Stato'), otaProgramState)),
    ownedCompanyId: required(ref(L('所属公司', 'Owned company', 'Azienda proprietaria'), 'company')),
    ownedCompanyName: refName(L('所属公司名称', 'Owned company name', 'Nome azienda proprietaria'), 'ownedCompanyId'),
    fileName: readOnly(text(L('程序文件', 'Firmware file', 'File firmware'), { max: 200 })),
    fileSize: count('文件大小(字节)', 'File size (bytes)', 'Dimensione (byte)'),
    sha256: readOnly(text(L('SHA-256', 'SHA-256', 'SHA-256'), { max: 64 })),
    md5: readOnly(text(L('MD5', 'MD5', 'MD5'), { max: 32 })),
    fileUrl: readOnly(text(L('下载地址', 'Download', 'Scarica'), { max: 300 })),
  },
  filters: { programName: 'like', version: 'eq', isEffective: 'eq', ownedCompanyId: 'eq' },
});

/**
 * An application for burns of an OTA program (domain.md §3 OTA): made through applyOta, approved or rejected
 * through approveOtaApplication / rejectOtaApplication (workflow/ota.ts), never written as plain CRUD. An
 * approved one is its company's quota until endTime: usedNumber burns done, reservedNumber burns under way.
 */
export const otaApplication = defineEntity({
  name: 'otaApplication',
  label: L('OTA申请', 'OTA application', 'Richiesta OTA'),
  path: 'otaApplications',
  permission: { read: PERMISSION.otaApplications, write: PERMISSION.otaApplications },
  readOnly: true,
  fields: {
    programId: required(ref(L('OTA程序', 'OTA program', 'Programma OTA'), 'otaProgram')),
    programName: refName(L('程序名称', 'Program name', 'Nome programma'), 'programId'),
    applyNumber: required(int(L('申请数量', 'Applied count', 'Quantità richiesta'), { min: 1, max: 1_000_000 })),
    companyId: readOnly(ref(L('申请公司', 'Applicant company', 'Azienda richiedente'), 'company')),
    companyName: refName(L('申请公司名称', 'Applicant company name', 'Nome azienda richiedente'), 'companyId'),
    ownedCompanyId: readOnly(ref(L('程序所属公司', 'Program owner', 'Proprietario programma'), 'company')),
    applicantAccount: readOnly(text(L('申请人账号', 'Applicant account', 'Account richiedente'), { max: 50 })),
    applicantName: readOnly(text(L('申请人', 'Applicant', 'Richiedente'), { max: 50 })),
    applicationTime: readOnly(datetime(L('申请时间', 'Applied at', 'Richiesto il'))),
    approvalStatus: readOnly(enumOf(L('审批状态', 'Approval status', 'Stato approvazione'), otaApprovalStatus)),
    approverAccount: readOnly(text(L('审批人账号', 'Approver account', 'Account approvatore'), { max: 50 })),
    approverName: readOnly(text(L('审批人', 'Approver', 'Approvatore'), { max: 50 })),
    approverTime: readOnly(datetime(L('审批时间', 'Approved at', 'Approvato il'))),
    rejectPeople: readOnly(text(L('驳回人', 'Rejected by', 'Respinto da'), { max: 50 })),
    rejectReason: readOnly(text(L('驳回原因', 'Reject reason', 'Motivo del rifiuto'), { max: 200 })),
    rejectTime: readOnly(datetime(L('驳回时间', 'Rejected at', 'Respinto il'))),
    endTime: readOnly(datetime(L('截止时间', 'Quota ends', 'Scadenza quota'))),
    usedNumber: count('已烧录', 'Burned', 'Programmati'),
    reservedNumber: count('烧录中', 'Burning', 'In programmazione'),
  },
  filters: { programId: 'eq', approvalStatus: 'eq', companyId: 'eq', applicantAccount: 'like' },
});

/**
 * One gateway's burn of an OTA program (docs/gateway-protocol.md "OTA transfer"): started by startOtaBurn,
 * which takes one from the company's approved quota; a success counts it, a failure gives it back.
 */
export const otaBurn = defineEntity({
  name: 'otaBurn',
  label: L('OTA烧录', 'OTA burn', 'Programmazione OTA'),
  path: 'otaBurns',
  permission: { read: PERMISSION.otaBurn, write: PERMISSION.otaBurn },
  readOnly: true,
  fields: {
    programId: readOnly(ref(L('OTA程序', 'OTA program', 'Programma OTA'), 'otaProgram')),
    programName: refName(L('程序名称', 'Program name', 'Nome programma'), 'programId'),
    applicationId: readOnly(int(L('申请', 'Application', 'Richiesta'), { min: 1 })),
    dtu: readOnly(text(L('DTU编号', 'DTU number', 'Numero DTU'), { max: 11 })),
    transferId: readOnly(text(L('传输编号', 'Transfer id', 'Id trasferimento'), { max: 40 })),
    state: readOnly(enumOf(L('状态', 'State', 'Stato'), otaBurnState)),
    progress: readOnly(int(L('进度(%)', 'Progress (%)', 'Avanzamento (%)'), { min: 0, max: 100 })),
    error: readOnly(text(L('失败原因', 'Failure', 'Errore'), { max: 200 })),
    startedBy: readOnly(text(L('操作人', 'Started by', 'Avviato da'), { max: 50 })),
    finishTime: readOnly(datetime(L('完成时间', 'Finished at', 'Terminato il'))),
    /** Whether the burn's gateway is reporting now: a waiting burn starts only once its gateway connects. */
    gatewayOnline: derived(bool(L('网关在线', 'Gateway online', 'Gateway online'))),
  },
  filters: { programId: 'eq', dtu: 'eq', state: 'eq', transferId: 'eq' },
});

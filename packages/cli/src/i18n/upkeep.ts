/** Messages of the upkeep list options (`contract list --expiring`), in the three languages. */
export const upkeepEnUS = {
  'opt.expiring': 'only valid contracts ending within this span from today: 30d, 2w or a number of days (cron reports)',
  'upkeep.badSpan': '{value}: give a span in days, as 30d, 2w or 30',
  'opt.dueWithin': 'only lifts whose annual inspection falls due within this span: 30d, 2w or days',
  'cmd.inspection.due': 'Lifts whose annual inspection falls due within a span (cron reports: -o csv)',
  'opt.within': 'the span from today: 30d, 2w or a number of days',
  'cmd.wo.create': 'Raise a repair order by hand (phone call, app alarm), worked afterwards like any other',
  'opt.woElevator': 'the elevator id',
  'opt.woMethod': 'how it was reported: phone, app or inspection',
  'opt.woType': 'alarm type: 0 not available, 1 people trapped, 2 alarm bell, 3 serious fault',
  'opt.woContactPerson': 'the contact person on site',
  'opt.woContactTel': "the contact person's phone",
  'opt.woAlarmPhone': 'the phone of whoever reported it',
  'opt.woHasPeople': 'people are inside',
  'opt.woProperty': 'the property (building management) name',
  'wo.badMethod': '{value}: the method is phone, app or inspection',
  'wo.created': 'Repair order {id} ({no}) raised: {state}',
  'wo.flags': 'Alarm flow:',
} as const;

export type UpkeepKey = keyof typeof upkeepEnUS;

export const upkeepZhCN: Record<UpkeepKey, string> = {
  'opt.expiring': '只列出从今天起在此期间内到期的有效合同：30d、2w 或天数（用于定时报表）',
  'upkeep.badSpan': '{value}：请以天为单位给出期间，如 30d、2w 或 30',
  'opt.dueWithin': '只列出在此期间内年检到期的电梯：30d、2w 或天数',
  'cmd.inspection.due': '列出在某期间内年检到期的电梯（定时报表：-o csv）',
  'opt.within': '从今天起的期间：30d、2w 或天数',
  'cmd.wo.create': '人工创建急修工单（电话报修、APP报警），之后与其他工单一样处理',
  'opt.woElevator': '电梯编号',
  'opt.woMethod': '报修方式：phone、app 或 inspection',
  'opt.woType': '报警类型：0 停梯、1 困人、2 警铃、3 严重故障',
  'opt.woContactPerson': '现场联系人',
  'opt.woContactTel': '联系人电话',
  'opt.woAlarmPhone': '报警人电话',
  'opt.woHasPeople': '有人被困',
  'opt.woProperty': '物业名称',
  'wo.badMethod': '{value}：报修方式为 phone、app 或 inspection',
  'wo.created': '已创建急修工单 {id}（{no}）：{state}',
  'wo.flags': '报警流程：',
};

export const upkeepItItaly: Record<UpkeepKey, string> = {
  'opt.expiring':
    'solo i contratti validi che scadono entro questo periodo da oggi: 30d, 2w o un numero di giorni (report cron)',
  'upkeep.badSpan': '{value}: indicare un periodo in giorni, come 30d, 2w o 30',
  'opt.dueWithin': "solo gli impianti con l'ispezione annuale in scadenza entro questo periodo: 30d, 2w o giorni",
  'cmd.inspection.due': "Impianti con l'ispezione annuale in scadenza entro un periodo (report cron: -o csv)",
  'opt.within': 'il periodo da oggi: 30d, 2w o un numero di giorni',
  'cmd.wo.create': 'Apre a mano un ordine di riparazione (telefonata, allarme da app), gestito poi come gli altri',
  'opt.woElevator': "l'id dell'ascensore",
  'opt.woMethod': 'come è stato segnalato: phone, app o inspection',
  'opt.woType': 'tipo di allarme: 0 fuori servizio, 1 persone bloccate, 2 campanello, 3 guasto grave',
  'opt.woContactPerson': 'il referente sul posto',
  'opt.woContactTel': 'il telefono del referente',
  'opt.woAlarmPhone': 'il telefono di chi ha segnalato',
  'opt.woHasPeople': 'ci sono persone a bordo',
  'opt.woProperty': "il nome dell'amministrazione dello stabile",
  'wo.badMethod': '{value}: il metodo è phone, app o inspection',
  'wo.created': 'Ordine di riparazione {id} ({no}) aperto: {state}',
  'wo.flags': "Flusso dell'allarme:",
};

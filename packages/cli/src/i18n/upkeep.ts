/** Messages of the upkeep list options (`contract list --expiring`), in the three languages. */
export const upkeepEnUS = {
  'opt.expiring': 'only valid contracts ending within this span from today: 30d, 2w or a number of days (cron reports)',
  'upkeep.badSpan': '{value}: give a span in days, as 30d, 2w or 30',
  'opt.dueWithin': 'only lifts whose annual inspection falls due within this span: 30d, 2w or days',
  'cmd.inspection.due': 'Lifts whose annual inspection falls due within a span (cron reports: -o csv)',
  'opt.within': 'the span from today: 30d, 2w or a number of days',
} as const;

export type UpkeepKey = keyof typeof upkeepEnUS;

export const upkeepZhCN: Record<UpkeepKey, string> = {
  'opt.expiring': '只列出从今天起在此期间内到期的有效合同：30d、2w 或天数（用于定时报表）',
  'upkeep.badSpan': '{value}：请以天为单位给出期间，如 30d、2w 或 30',
  'opt.dueWithin': '只列出在此期间内年检到期的电梯：30d、2w 或天数',
  'cmd.inspection.due': '列出在某期间内年检到期的电梯（定时报表：-o csv）',
  'opt.within': '从今天起的期间：30d、2w 或天数',
};

export const upkeepItItaly: Record<UpkeepKey, string> = {
  'opt.expiring':
    'solo i contratti validi che scadono entro questo periodo da oggi: 30d, 2w o un numero di giorni (report cron)',
  'upkeep.badSpan': '{value}: indicare un periodo in giorni, come 30d, 2w o 30',
  'opt.dueWithin': "solo gli impianti con l'ispezione annuale in scadenza entro questo periodo: 30d, 2w o giorni",
  'cmd.inspection.due': "Impianti con l'ispezione annuale in scadenza entro un periodo (report cron: -o csv)",
  'opt.within': 'il periodo da oggi: 30d, 2w o un numero di giorni',
};

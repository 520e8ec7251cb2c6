/** Messages of `liftctl health`, in the three languages. */
export const healthEnUS = {
  'cmd.health': 'Health index of the elevators (low, middle, high) with its reasons; --below for cron',
  'opt.healthBelow': 'only elevators below this level: low, middle or high (exit code 6 when any is)',
  'opt.healthElevator': 'an elevator id (repeat, or several after one flag)',
  'health.badLevel': '{value}: the level is low, middle or high',
  'health.col.elevator': 'Elevator',
  'health.col.score': 'Score',
  'health.col.level': 'Level',
  'health.col.reasons': 'Reasons',
} as const;
export type HealthKey = keyof typeof healthEnUS;

export const healthZhCN: Record<HealthKey, string> = {
  'cmd.health': '电梯健康指数（低、中、高）及原因；--below 供定时任务使用',
  'opt.healthBelow': '只列出低于该等级的电梯：low、middle 或 high（有则退出码为6）',
  'opt.healthElevator': '电梯编号（可重复，或一个参数后跟多个）',
  'health.badLevel': '{value}：等级为 low、middle 或 high',
  'health.col.elevator': '电梯',
  'health.col.score': '分数',
  'health.col.level': '等级',
  'health.col.reasons': '原因',
};

export const healthItItaly: Record<HealthKey, string> = {
  'cmd.health': 'Indice di salute degli ascensori (basso, medio, alto) con i motivi; --below per cron',
  'opt.healthBelow': 'solo ascensori sotto questo livello: low, middle o high (codice di uscita 6 se ce ne sono)',
  'opt.healthElevator': "l'id di un ascensore (ripetibile, o più di uno dopo l'opzione)",
  'health.badLevel': '{value}: il livello è low, middle o high',
  'health.col.elevator': 'Ascensore',
  'health.col.score': 'Punteggio',
  'health.col.level': 'Livello',
  'health.col.reasons': 'Motivi',
};

import type { Language, Localized } from '../i18n/languages.js';
import { L } from '../schema/fields.js';

/** healthLevel codes (enums.ts, domain.md §9): low 1, middle 2, high 3. */
export const HEALTH_LEVEL = { low: 1, middle: 2, high: 3 } as const;
export type HealthLevelName = keyof typeof HEALTH_LEVEL;
export const HEALTH_LEVEL_NAMES = Object.keys(HEALTH_LEVEL) as HealthLevelName[];

/** The windows the figures are counted over (docs/health-index.md). */
export const HEALTH_WINDOW_DAYS = 30;
export const HEALTH_MAINTENANCE_DAYS = 90;

/** What the health index of one elevator is computed from (docs/health-index.md). */
export interface HealthInputs {
  /** Faults in the last 30 days. */
  faults: number;
  /** Safety hazards in the last 30 days (EOCD runs over threshold, gateway reports), potential faults not counted. */
  hazards: number;
  /** Potential faults standing now (jobs/potential-faults.ts). */
  potentialFaults: number;
  /** EOCD runs over their threshold in the last 30 days. */
  overLimitRuns: number;
  /** Mean ISO horizontal A95 of the runs of the last 30 days and of the 30 before, and how many runs each. */
  a95Recent: number | null;
  a95RecentRuns: number;
  a95Before: number | null;
  a95BeforeRuns: number;
  /** Maintenance orders past their plan date and not done. */
  overdueMaintenance: number;
  /** Maintenance done in the last 90 days, and how many of them after their plan date. */
  maintenanceDone: number;
  maintenanceLate: number;
}

export type HealthFactor =
  | 'faults'
  | 'hazards'
  | 'potentialFaults'
  | 'overLimitRuns'
  | 'vibrationTrend'
  | 'overdueMaintenance'
  | 'lateMaintenance';

/** One reason the index is below 100: the factor, its figure, and the points it took. */
export interface HealthReason {
  factor: HealthFactor;
  value: number;
  points: number;
}

export interface HealthIndex {
  /** 0 to 100. */
  score: number;
  level: (typeof HEALTH_LEVEL)[HealthLevelName];
  reasons: HealthReason[];
}

/** Each factor's label, with the unit of its figure. */
export const HEALTH_FACTOR_LABELS: Record<HealthFactor, Localized> = {
  faults: L('30天故障数', 'Faults in 30 days', 'Guasti in 30 giorni'),
  hazards: L('30天安全隐患', 'Safety hazards in 30 days', 'Rischi in 30 giorni'),
  potentialFaults: L('潜在故障', 'Potential faults standing', 'Guasti potenziali aperti'),
  overLimitRuns: L('30天振动超限次数', 'Runs over vibration limits in 30 days', 'Corse oltre soglia in 30 giorni'),
  vibrationTrend: L('振动A95上升(%)', 'Vibration A95 rising (%)', 'A95 vibrazioni in aumento (%)'),
  overdueMaintenance: L('超期未维保', 'Maintenance overdue', 'Manutenzioni scadute'),
  lateMaintenance: L('90天延期维保(%)', 'Maintenance late in 90 days (%)', 'Manutenzioni in ritardo in 90 giorni (%)'),
};

/** The thresholds of the levels: at least 80 is high, at least 50 middle, below that low. */
export const HEALTH_HIGH_FROM = 80;
export const HEALTH_MIDDLE_FROM = 50;

const capped = (value: number, each: number, cap: number) => Math.min(cap, value * each);

/**
 * The health index of one elevator, 0 to 100, and its level (docs/health-index.md gives the reasons): 100 less
 * points for faults (2 each, at most 30), hazards (5 each, at most 20), standing potential faults (15 each, at most
 * 30), vibration (runs over threshold 10 each, a rising A95 trend 10; at most 25 together), and maintenance
 * (overdue orders 10 each at most 20, plus up to 10 for the share done late).
 */
export function healthIndex(i: HealthInputs): HealthIndex {
  const reasons: HealthReason[] = [];
  const add = (factor: HealthFactor, value: number, points: number) => {
    if (points > 0) reasons.push({ factor, value, points: Math.round(points * 10) / 10 });
    return points;
  };
  let lost = 0;
  lost += add('faults', i.faults, capped(i.faults, 2, 30));
  lost += add('hazards', i.hazards, capped(i.hazards, 5, 20));
  lost += add('potentialFaults', i.potentialFaults, capped(i.potentialFaults, 15, 30));
  const over = capped(i.overLimitRuns, 10, 20);
  let rise = 0;
  if (i.a95Recent !== null && i.a95Before !== null && i.a95Before > 0 && i.a95RecentRuns >= 3 && i.a95BeforeRuns >= 3)
    rise = Math.round(((i.a95Recent - i.a95Before) / i.a95Before) * 100);
  const trend = rise >= 25 ? Math.min(10, 25 - over) : 0;
  lost += add('overLimitRuns', i.overLimitRuns, over);
  lost += add('vibrationTrend', rise, trend);
  lost += add('overdueMaintenance', i.overdueMaintenance, capped(i.overdueMaintenance, 10, 20));
  const lateShare = i.maintenanceDone > 0 ? i.maintenanceLate / i.maintenanceDone : 0;
  lost += add('lateMaintenance', Math.round(lateShare * 100), lateShare * 10);
  const score = Math.max(0, Math.round((100 - lost) * 10) / 10);
  const level =
    score >= HEALTH_HIGH_FROM
      ? HEALTH_LEVEL.high
      : score >= HEALTH_MIDDLE_FROM
        ? HEALTH_LEVEL.middle
        : HEALTH_LEVEL.low;
  return { score, level, reasons };
}

/** "Faults in 30 days 12 (−24)": a reason as a person reads it. */
export const describeHealthReason = (r: HealthReason, language: Language): string =>
  `${HEALTH_FACTOR_LABELS[r.factor][language]} ${r.value} (−${r.points})`;

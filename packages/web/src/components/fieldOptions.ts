import type { Field, Language } from '@liftcloud/client';
import dayjs from 'dayjs';

export interface Option {
  value: number | string;
  label: string;
}

/** An enum field's choices with their labels in the reader's language. */
export function enumOptions(field: Field, language: Language): Option[] {
  return field.enumDef?.options.map((o) => ({ value: o.code, label: o.label[language] })) ?? [];
}

export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const DATE_FORMAT = 'YYYY-MM-DD';

/**
 * An instant as the console shows times everywhere (yyyy-MM-dd HH:mm:ss, the reader's zone), whatever the
 * browser's own locale: a Chinese page in an English browser read "11/28/2026, 5:23:15 AM".
 */
export const formatDateTime = (epochMs: number): string => dayjs(epochMs).format(DATE_TIME_FORMAT);

/** The locale Intl writes numbers in for each interface language ('it-Italy' is the console's own code). */
const NUMBER_LOCALE: Record<Language, string> = { 'zh-CN': 'zh-CN', 'en-US': 'en-US', 'it-Italy': 'it-IT' };

/** A sum in yuan as the reader's language writes money: ¥52,000.00, CN¥52,000.00, 52.000,00 CN¥. */
export const formatYuan = (value: number, language: Language): string =>
  new Intl.NumberFormat(NUMBER_LOCALE[language], { style: 'currency', currency: 'CNY' }).format(value);

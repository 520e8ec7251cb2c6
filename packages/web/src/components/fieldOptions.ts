import type { Field, Language } from '@liftcloud/client';

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
